/**
 * The headers a browser is told to hold the site to, through the real server: each page's own
 * Content-Security-Policy (from its <meta>) with frame-ancestors, a closed policy for the API,
 * Permissions-Policy everywhere, and HSTS only when the visitor really came over HTTPS.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESK_CSP } from '../../server/desk/http/desk-headers.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createFakeSite, FAKE_PAGE_POLICY } from '../support/fake-site.ts'
import { testSettings } from '../support/test-app.ts'

const DESK_PASSWORD = 'correto cavalo bateria grampo'
const servers: RunningServer[] = []
const cleanUps: (() => Promise<void>)[] = []

const start = async (env: Record<string, string>) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'security-headers-'))
  const site = await createFakeSite()
  const server = await startServer(
    testSettings({ PORT: '0', DATA_DIR: dataDir, ...env }, { distDir: site.dir }),
  )
  servers.push(server)
  cleanUps.push(
    () => site.remove(),
    () => rm(dataDir, { recursive: true, force: true }),
  )
  return server
}

let direct: RunningServer
let behindProxy: RunningServer
beforeAll(async () => {
  direct = await start({})
  behindProxy = await start({ TRUST_PROXY: 'loopback', ADMIN_PASSWORD: DESK_PASSWORD })
}, 120_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all(cleanUps.map((cleanUp) => cleanUp()))
})

const get = (server: RunningServer, target: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${target}`, { headers })

describe('security headers', () => {
  it("send each page's own policy, and keep it out of other sites' frames", async () => {
    for (const target of ['/', '/pagina-que-nao-existe']) {
      const response = await get(direct, target)
      expect(response.headers.get('content-security-policy')).toBe(
        `${FAKE_PAGE_POLICY}; frame-ancestors 'none'`,
      )
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('close everything for what is not a page', async () => {
    const api = await fetch(`${direct.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(api.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
    const robots = await get(direct, '/robots.txt')
    expect(robots.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
  })

  it('deny the browser features the site never uses, on every response', async () => {
    for (const target of ['/', '/robots.txt', '/rest/v1/nothing']) {
      expect((await get(direct, target)).headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      )
    }
  })

  it('pin HTTPS (HSTS) only when a trusted proxy says the visitor used it', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    expect((await get(behindProxy, '/', https)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    // Plain HTTP through the proxy, and a caller that claims HTTPS with no proxy trusted.
    expect((await get(behindProxy, '/')).headers.get('strict-transport-security')).toBeNull()
    expect((await get(direct, '/', https)).headers.get('strict-transport-security')).toBeNull()
  })

  it('give the lead desk HSTS and Permissions-Policy too, without loosening its own headers', async () => {
    const desk = await get(behindProxy, '/painel/entrar', { 'x-forwarded-proto': 'https' })
    expect(desk.status).toBe(200)
    expect(desk.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    expect(desk.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    )
    expect(desk.headers.get('content-security-policy')).toBe(DESK_CSP)
    expect(desk.headers.get('referrer-policy')).toBe('no-referrer')
    expect(desk.headers.get('cache-control')).toBe('no-store')
  })
})
