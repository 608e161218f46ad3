/**
 * A browser applies the headers of a 304 to the page it kept (RFC 9111 §4.3.4), so every way of
 * asking for one thing must come back with the headers of its 200: a revalidation, a HEAD,
 * each encoding, a Range we do not honour, the address with or without its trailing slash.
 * Through the real server as `npm start` runs it, on the built site, with the lead desk open.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESK_CSP } from '../../server/desk/http/desk-headers.ts'
import { DEV_ANON_KEY, settingsFrom } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createDeskClient } from '../support/desk-client.ts'
import { ask, headerMismatches, sameAnswerMismatches } from '../support/header-sets.ts'
import { siteFiles, sitePages } from '../support/site-addresses.ts'

const DESK_PASSWORD = 'correto cavalo bateria grampo'
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'"

const { pages, notFound } = sitePages()
const files = siteFiles()

let server: RunningServer
let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'header-sets-'))
  server = await startServer(
    settingsFrom(
      { PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: DESK_PASSWORD },
      { mailSweepIntervalMs: false, warmUpRequests: 0 },
    ),
  )
})
afterAll(async () => {
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

/** Every way of asking for each address, and each address against the first. */
const mismatchesAcross = async (addresses: string[], headers?: Record<string, string>) => {
  const found: string[] = []
  for (const address of addresses) {
    const url = `${server.url}${address}`
    found.push(...(await headerMismatches(url, { headers, distinctStrongEtags: true })))
    found.push(...(await sameAnswerMismatches(`${server.url}${addresses[0]}`, url, headers)))
  }
  return found
}

describe('Every answer standing for one response carries its headers', () => {
  it.each(pages.map((page) => [page.route.url, page] as const))(
    'the page %s, at every address it has',
    async (_url, page) => {
      expect(await mismatchesAcross(page.addresses)).toEqual([])
      const { status, headers } = await ask(`${server.url}${page.route.url}`)
      expect(status).toBe(200)
      expect(headers['content-security-policy']).toBe(`${page.policy}; frame-ancestors 'none'`)
      expect(headers['cache-control']).toBe('no-cache')
    },
  )

  it('the 404 page, at any unknown path and at its own file name, always with status 404', async () => {
    expect(await mismatchesAcross(notFound.addresses)).toEqual([])
    for (const address of notFound.addresses) {
      const { status, headers } = await ask(`${server.url}${address}`)
      expect(status, address).toBe(404)
      expect(headers['content-security-policy'], address).toBe(
        `${notFound.policy}; frame-ancestors 'none'`,
      )
    }
  })

  it.each(files)('the file %s', async (file) => {
    expect(await mismatchesAcross([file])).toEqual([])
    const { status, headers } = await ask(`${server.url}${file}`)
    expect(status).toBe(200)
    expect(headers['content-security-policy']).toBe(NON_PAGE_POLICY)
    expect(headers['cache-control']).toBe(
      file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
  })

  it("the API's JSON, answers and errors alike", async () => {
    const key = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` }
    const asked = [
      ['/rest/v1/contact_submissions', key],
      ['/rest/v1/nao_existe', key],
      ['/rest/v1/contact_submissions', {}],
      ['/functions/v1/send-contact-email', key],
    ] as const
    for (const [address, headers] of asked) {
      expect(await mismatchesAcross([address], headers)).toEqual([])
      const answer = await ask(`${server.url}${address}`, 'GET', headers)
      expect(answer.headers['content-type'], address).toMatch(/^application\/json/)
      expect(answer.headers['content-security-policy'], address).toBe(NON_PAGE_POLICY)
    }
  })

  it("the lead desk's pages, signed in or not, with the desk's own stricter policy", async () => {
    const desk = createDeskClient((address, init) => fetch(`${server.url}${address}`, init))
    const login = await desk.request('/painel/entrar')
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(await login.text())?.[1]
    expect(stylesheet).toMatch(/^\/painel\//)
    for (const address of ['/painel/entrar', stylesheet ?? '']) {
      expect(await mismatchesAcross([address])).toEqual([])
    }

    expect((await desk.signIn(DESK_PASSWORD)).status).toBe(303)
    const session = {
      cookie: [...desk.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    }
    for (const address of ['/painel', '/painel/api/sessao']) {
      expect(await mismatchesAcross([address], session)).toEqual([])
    }
    for (const address of ['/painel/entrar', '/painel']) {
      const { status, headers } = await ask(`${server.url}${address}`, 'GET', session)
      expect(status, address).toBeLessThan(400)
      expect(headers['content-security-policy'], address).toBe(DESK_CSP)
      expect(headers['cache-control'], address).toBe('no-store')
    }
  })
})
