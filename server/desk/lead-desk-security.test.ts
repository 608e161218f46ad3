import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeskClient, type DeskClient } from '../../tests/support/desk-client.ts'
import { seedLeads } from '../../tests/support/seed-leads.ts'
import { testSettings } from '../../tests/support/test-app.ts'
import { createJsonLogger } from '../log.ts'
import { startServer, type RunningServer } from '../start-server.ts'
import { LOGIN_FAILURE_LIMIT } from './sign-in/login-throttle.ts'

/**
 * The lead desk's defences, through the real server (startServer, a real port, PGlite in a
 * folder, the JSON request log): what an attacker without the password, or with only part of
 * a session, gets.
 */
const PASSWORD = 'correto cavalo bateria grampo'
const FAILURE_DELAY_MS = 100
const LEAD = {
  name: 'Valéria Sigilosa',
  email: 'valeria.sigilosa@example.com',
  company: 'Empresa Discreta',
  message: 'Meu telefone é 11 98765-4321, liguem depois das 18h.',
}

let dataDir: string
let server: RunningServer
let leadId: string
const logLines: string[] = []

// TRUST_PROXY=loopback: the test speaks as the proxy, so X-Forwarded-For picks the client's
// address and X-Forwarded-Proto its scheme.
const client = (address = '192.0.2.10', proto = 'http'): DeskClient =>
  createDeskClient((url, init) => fetch(new URL(url, server.url), init), {
    'x-forwarded-for': address,
    'x-forwarded-proto': proto,
  })

const signedIn = async (address?: string, proto?: string) => {
  const desk = client(address, proto)
  expect((await desk.signIn(PASSWORD)).status).toBe(303)
  return desk
}

const storedLead = async () =>
  (
    await server.db.query<{ lead_status: string; desk_note: string | null }>(
      'select lead_status, desk_note from contact_submissions where id = $1',
      [leadId],
    )
  ).rows[0]

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'desk-security-'))
  const settings = testSettings({
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: 'loopback',
  })
  server = await startServer(
    { ...settings, desk: { ...settings.desk, loginFailureDelayMs: FAILURE_DELAY_MS } },
    createJsonLogger((line) => logLines.push(line)),
  )
  ;[leadId = ''] = await seedLeads(server.db, [LEAD])
})
afterAll(async () => {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const pageRoutes = () => [
  '/painel',
  '/painel?pagina=2',
  `/painel/contatos/${leadId}`,
  '/painel/exportar?formato=csv',
  '/painel/exportar?formato=json',
]
const changeRoutes = () =>
  [
    ['/painel/filtro', { search: 'x' }],
    ['/painel/sair', {}],
    [`/painel/contatos/${leadId}/situacao`, { status: 'spam' }],
    [`/painel/contatos/${leadId}/nota`, { note: 'invadido' }],
    [`/painel/contatos/${leadId}/reenviar`, {}],
    [`/painel/contatos/${leadId}/apagar`, { confirm: '1', all: '1' }],
  ] as const

describe('without a session', () => {
  it('every desk page sends the browser to sign in, and every API call is 401', async () => {
    const anonymous = client()
    for (const route of pageRoutes()) {
      const response = await anonymous.request(route)
      expect([route, response.status, response.headers.get('location')]).toEqual([
        route,
        303,
        '/painel/entrar',
      ])
    }
    for (const route of ['/painel/api/sessao', '/painel/api/exportar?formato=csv']) {
      expect([route, (await anonymous.request(route)).status]).toEqual([route, 401])
    }
    const apiErase = await anonymous.request('/painel/api/apagar', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'x'.repeat(43) },
      body: JSON.stringify({ email: LEAD.email }),
    })
    expect(apiErase.status).toBe(401)
    for (const [route, fields] of changeRoutes()) {
      const response = await anonymous.post(route, fields, { csrf: 'x'.repeat(43) })
      expect([route, response.status]).toEqual([route, 303])
    }
    expect(await storedLead()).toEqual({ lead_status: 'novo', desk_note: null })
  })
})

describe('with a session but without its CSRF token', () => {
  it('every change is refused with 403 and changes nothing', async () => {
    const desk = await signedIn()
    for (const [route, fields] of changeRoutes()) {
      for (const csrf of [false, 'x'.repeat(43)] as const) {
        const response = await desk.post(route, fields, { csrf })
        expect([route, csrf, response.status]).toEqual([route, csrf, 403])
      }
    }
    const apiErase = await desk.request('/painel/api/apagar', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: LEAD.email }),
    })
    expect(apiErase.status).toBe(403)
    expect(await storedLead()).toEqual({ lead_status: 'novo', desk_note: null })
    expect((await desk.request('/painel')).status).toBe(200)
  })

  it("refuses another session's token, and changes sent from another site", async () => {
    const first = await signedIn()
    const second = await signedIn()
    const wrong = await first.post(
      `/painel/contatos/${leadId}/situacao`,
      { status: 'spam' },
      { csrf: await second.csrfToken() },
    )
    expect(wrong.status).toBe(403)
    const crossSite = await first.request(`/painel/contatos/${leadId}/situacao`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams({ status: 'spam', _csrf: await first.csrfToken() }).toString(),
    })
    expect(crossSite.status).toBe(403)
    expect(await storedLead()).toEqual({ lead_status: 'novo', desk_note: null })
  })
})

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Strict, and Secure with __Host- over HTTPS', async () => {
    const plain = client()
    await plain.request('/painel/entrar')
    const form = await plain.request('/painel/entrar')
    const nonce = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? ''
    const overHttp = await plain.post('/painel/entrar', { senha: PASSWORD }, { csrf: nonce })
    expect(overHttp.headers.get('set-cookie')).toMatch(
      /^painel_sessao=[A-Za-z0-9_-]{43}; Path=\/painel; HttpOnly; SameSite=Strict$/,
    )
    const https = await signedIn('192.0.2.10', 'https')
    expect([...https.cookies.keys()]).toContain('__Host-painel_sessao')
  })

  it('refuse a stolen token presented under another cookie name or scheme', async () => {
    const https = await signedIn('192.0.2.11', 'https')
    const token = https.cookies.get('__Host-painel_sessao') ?? ''
    expect((await https.request('/painel')).status).toBe(200)
    const under = async (cookie: string, proto: string) =>
      (
        await fetch(new URL('/painel', server.url), {
          redirect: 'manual',
          headers: { cookie, 'x-forwarded-proto': proto, 'x-forwarded-for': '192.0.2.11' },
        })
      ).status
    expect(await under(`painel_sessao=${token}`, 'https')).toBe(303)
    expect(await under(`__Host-painel_sessao=${token}`, 'http')).toBe(303)
    expect(await under(`painel_entrada=${token}`, 'http')).toBe(303)
    expect(await under(`__Host-painel_sessao=${token}`, 'https')).toBe(200)
  })

  it('stop working after sign-out, after 30 idle minutes and after 12 hours', async () => {
    const signedOut = await signedIn()
    const stolen = new Map(signedOut.cookies)
    expect((await signedOut.post('/painel/sair')).headers.get('location')).toBe(
      '/painel/entrar?saiu=1',
    )
    const replay = client()
    for (const [name, value] of stolen) replay.cookies.set(name, value)
    expect((await replay.request('/painel')).status).toBe(303)

    const idle = await signedIn()
    await server.db.query(
      "update private.desk_sessions set last_seen_at = now() - interval '31 minutes'",
    )
    expect((await idle.request('/painel')).headers.get('location')).toBe(
      '/painel/entrar?motivo=sessao',
    )

    const old = await signedIn()
    await server.db.query(
      "update private.desk_sessions set expires_at = now() - interval '1 second'",
    )
    expect((await old.request('/painel')).status).toBe(303)
  })

  it('are stored only as hashes', async () => {
    const desk = await signedIn()
    const token = desk.cookies.get('painel_sessao') ?? ''
    const { rows } = await server.db.query<{ token_hash: string }>(
      'select token_hash from private.desk_sessions',
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(token)
  })
})

describe('HSTS', () => {
  it('pins HTTPS on every desk answer to a visitor who came over it, and never over HTTP', async () => {
    const https = await signedIn('192.0.2.12', 'https')
    const answers = [
      await client('192.0.2.12', 'https').request('/painel/entrar'),
      await client('192.0.2.12', 'https').request('/painel'),
      await https.request('/painel'),
      await https.request('/painel/contatos/00000000-0000-4000-8000-000000000000'),
      await https.post('/painel/filtro', {}, { csrf: 'x'.repeat(43) }),
      await https.request('/painel/api/sessao'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 303, 200, 404, 403, 200])
    for (const answer of answers) {
      expect(answer.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      )
    }
    const overHttp = await signedIn('192.0.2.12', 'http')
    for (const answer of [
      await client('192.0.2.12', 'http').request('/painel/entrar'),
      await overHttp.request('/painel'),
    ]) {
      expect(answer.headers.has('strict-transport-security')).toBe(false)
    }
  })
})

describe('guessing the password', () => {
  it('is limited per address: after 10 wrong ones, 20 get 429 even with the right one', async () => {
    const guesser = client('203.0.113.9')
    const statuses: number[] = []
    for (let guess = 0; guess < 20; guess += 1) {
      const started = performance.now()
      const response = await guesser.signIn(`palpite errado número ${guess}`)
      statuses.push(response.status)
      if (response.status === 401) {
        expect(performance.now() - started).toBeGreaterThanOrEqual(FAILURE_DELAY_MS)
      } else {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await response.text()).toContain('Muitas tentativas')
      }
    }
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_FAILURE_LIMIT).fill(401),
      ...Array<number>(20 - LOGIN_FAILURE_LIMIT).fill(429),
    ])
    expect((await guesser.signIn(PASSWORD)).status).toBe(429)
    // Another address is not punished for it.
    expect((await client('198.51.100.4').signIn(PASSWORD)).status).toBe(303)
  })

  it('cannot slip past the limit with parallel guesses', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 16 },
        async (_, guess) =>
          (await client('203.0.113.77').signIn(`palpite paralelo ${guess}`)).status,
      ),
    )
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(16 - LOGIN_FAILURE_LIMIT)
  })
})

describe('the request log', () => {
  it('holds methods, paths and statuses, and nothing a lead or the operator typed', async () => {
    const desk = await signedIn()
    await desk.post('/painel/filtro', { search: 'Sigilosa Discreta' })
    await desk.request('/painel')
    await desk.request(`/painel/contatos/${leadId}`)
    await desk.post(`/painel/contatos/${leadId}/nota`, { note: 'Nota secreta do time' })
    await desk.request('/painel/exportar?formato=csv')
    await desk.request('/painel/api/exportar?formato=json&desde=2026-01-01')
    await desk.post(`/painel/contatos/${leadId}/apagar`, { confirm: '1' })
    const log = logLines.join('\n')
    expect(log).toContain(`"path":"/painel/contatos/${leadId}/apagar"`)
    for (const secret of [
      LEAD.name,
      'Valéria',
      'Sigilosa',
      LEAD.email,
      'valeria',
      LEAD.company,
      '98765',
      'Nota secreta',
      PASSWORD,
      'palpite',
    ]) {
      expect([secret, log.includes(secret)]).toEqual([secret, false])
    }
    expect(await storedLead()).toBeUndefined()
  })
})
