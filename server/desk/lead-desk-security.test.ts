import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDeskClient, type DeskClient } from '../../tests/support/desk-client.ts'
import { tableRow, writeHostileSectionAfterAll } from '../../tests/support/hostile-table.ts'
import { seedLeads } from '../../tests/support/seed-leads.ts'
import { testSettings } from '../../tests/support/test-app.ts'
import { createJsonLogger } from '../log.ts'
import { startServer, type RunningServer } from '../start-server.ts'
import { deskPasswordHash, DESK_PASSWORD as PASSWORD } from './desk-test-kit.ts'
import { LOGIN_FAILURE_LIMIT, LOGIN_UNKNOWN_BROWSERS_LIMIT } from './sign-in/login-throttle.ts'

/**
 * The lead desk's defences, through the real server (startServer, a real port, PGlite in a
 * folder, the JSON request log): what an attacker without the password, or with only part of
 * a session, gets.
 */
const ANSWER_MS = 100
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

const leadRow = async (id: string) =>
  (
    await server.db.query<{ lead_status: string; desk_note: string | null }>(
      'select lead_status, desk_note from contact_submissions where id = $1',
      [id],
    )
  ).rows[0]
const storedLead = () => leadRow(leadId)

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'desk-security-'))
  const settings = testSettings({
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD_HASH: await deskPasswordHash(),
    TRUST_PROXY: 'loopback',
  })
  server = await startServer(
    { ...settings, desk: { ...settings.desk, loginAnswerMs: ANSWER_MS } },
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
  '/painel/contatos?pagina=2',
  `/painel/contatos/${leadId}`,
  '/painel/exportar?formato=csv',
  '/painel/exportar?formato=json',
]
const changeRoutes = () =>
  [
    ['/painel/filtro', { search: 'x' }],
    ['/painel/sair', {}],
    ['/painel/sair-de-todos', {}],
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
    expect(overHttp.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^painel_sessao=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Path=\/painel; HttpOnly; SameSite=Strict$/,
      ),
      // The browser is known from now on, for 90 days (decision 025).
      expect.stringMatching(
        /^painel_aparelho=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Max-Age=7776000; Path=\/painel; HttpOnly; SameSite=Strict$/,
      ),
    ])
    const https = await signedIn('192.0.2.10', 'https')
    expect([...https.cookies.keys()].sort()).toEqual([
      '__Host-painel_aparelho',
      '__Host-painel_entrada',
      '__Host-painel_sessao',
    ])
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

  it('all end, on every browser, when one signs out everywhere (which needs its CSRF token)', async () => {
    const here = await signedIn('192.0.2.21')
    const there = await signedIn('198.51.100.21', 'https')
    const forged = await here.post('/painel/sair-de-todos', {}, { csrf: 'x'.repeat(43) })
    expect(forged.status).toBe(403)
    expect((await there.request('/painel')).status).toBe(200)

    const everywhere = await here.post('/painel/sair-de-todos')
    expect(everywhere.headers.get('location')).toBe('/painel/entrar?saiu=todos')
    for (const browser of [here, there]) {
      expect((await browser.request('/painel')).headers.get('location')).toMatch(
        /^\/painel\/entrar/,
      )
    }
    const { rows } = await server.db.query('select 1 from private.desk_sessions')
    expect(rows).toEqual([])
    const said = await (await here.request('/painel/entrar?saiu=todos')).text()
    expect(said).toContain('Você saiu do painel em todos os navegadores e aparelhos.')
    expect(logLines.join('\n')).toContain('"event":"desk_signed_out_everywhere"')
  })

  it('are stored only as hashes', async () => {
    // An address of its own: the tests above spend the default one's public calls for the
    // minute (PUBLIC_CALLS_PER_MINUTE), and with scrypt at the tests' cost they do it in one.
    const desk = await signedIn('192.0.2.13')
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

// Every guess costs one scrypt, as it must (here at the cheapest cost the desk accepts, 16 MiB,
// desk-test-kit.ts): a dozen of them at the default cost took past the 30-second limit at load
// 20 (CI is shared).
describe('guessing the password', { timeout: 180_000 }, () => {
  // Each case starts with no failures counted: the cap on unknown browsers is shared.
  const forgetFailures = () => server.db.exec('delete from private.desk_login_failures')
  beforeEach(forgetFailures)
  afterEach(forgetFailures)

  const statusesOf = async (attempts: Promise<Response>[]) =>
    (await Promise.all(attempts)).map((response) => response.status)
  const count = (statuses: number[], status: number) =>
    statuses.filter((each) => each === status).length

  it('is limited per address: after 10 wrong ones a new browser gets 429, even with the right password', async () => {
    const guesser = client('203.0.113.9')
    const statuses: number[] = []
    for (let guess = 0; guess < 12; guess += 1) {
      const response = await guesser.signIn(`palpite errado número ${guess}`)
      statuses.push(response.status)
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await response.text()).toContain('Muitas tentativas erradas deste endereço')
      }
    }
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_FAILURE_LIMIT).fill(401),
      ...Array<number>(12 - LOGIN_FAILURE_LIMIT).fill(429),
    ])
    expect((await client('203.0.113.9').signIn(PASSWORD)).status).toBe(429)
    // Another address is not punished for it.
    expect((await client('198.51.100.4').signIn(PASSWORD)).status).toBe(303)
  })

  it('does not stop a browser that signed in before when strangers at its address fail', async () => {
    // The company's browser, behind the same address as everyone (an undeclared proxy).
    const company = await signedIn('203.0.113.50')
    await company.post('/painel/sair')
    expect(company.cookies.has('painel_aparelho')).toBe(true)
    const strangers = await statusesOf(
      Array.from({ length: 12 }, (_, guess) =>
        client('203.0.113.50').signIn(`palpite de fora ${guess}`),
      ),
    )
    expect(count(strangers, 401)).toBe(LOGIN_FAILURE_LIMIT)
    expect((await client('203.0.113.50').signIn(PASSWORD)).status).toBe(429)
    expect((await company.signIn(PASSWORD)).status).toBe(303)
    expect((await company.request('/painel')).status).toBe(200)
  })

  it('holds a known browser to its own limit: a copied cookie buys 10 guesses, no more', async () => {
    const company = await signedIn('203.0.113.60')
    const token = company.cookies.get('painel_aparelho') ?? ''
    // Browsers elsewhere, each with a copy of the company's cookie.
    const copy = () => {
      const browser = client('198.51.100.60')
      browser.cookies.set('painel_aparelho', token)
      return browser
    }
    const statuses = await statusesOf(
      Array.from({ length: 14 }, (_, guess) => copy().signIn(`palpite copiado ${guess}`)),
    )
    expect([count(statuses, 401), count(statuses, 429)]).toEqual([LOGIN_FAILURE_LIMIT, 4])
    const refused = await copy().signIn(PASSWORD)
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain('Muitas tentativas erradas neste navegador')
    // Neither the address it came from nor any other browser pays for it.
    expect((await client('198.51.100.60').signIn(PASSWORD)).status).toBe(303)
  })

  it('caps wrong passwords from every unknown browser together, whatever their addresses', async () => {
    const company = await signedIn('203.0.113.70')
    await company.post('/painel/sair')
    const guesses = LOGIN_UNKNOWN_BROWSERS_LIMIT + 5
    // One guess from each of many addresses, all at once.
    const statuses = await statusesOf(
      Array.from({ length: guesses }, (_, n) =>
        client(`198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`).signIn(`palpite ${n}`),
      ),
    )
    expect([count(statuses, 401), count(statuses, 429)]).toEqual([
      LOGIN_UNKNOWN_BROWSERS_LIMIT,
      guesses - LOGIN_UNKNOWN_BROWSERS_LIMIT,
    ])
    const newcomer = await client('192.0.2.200').signIn(PASSWORD)
    expect(newcomer.status).toBe(429)
    expect(await newcomer.text()).toContain('só navegadores em que você já entrou')
    expect((await company.signIn(PASSWORD)).status).toBe(303)
  })

  it('cannot slip past the limit with parallel guesses', async () => {
    const statuses = await statusesOf(
      Array.from({ length: 16 }, (_, guess) =>
        client('203.0.113.77').signIn(`palpite paralelo ${guess}`),
      ),
    )
    expect([count(statuses, 401), count(statuses, 429)]).toEqual([
      LOGIN_FAILURE_LIMIT,
      16 - LOGIN_FAILURE_LIMIT,
    ])
  })
})

/** A value from a URL, a form or the API that the desk must read before using it. */
interface HostileDeskCase {
  label: string
  method?: 'GET' | 'POST'
  path: (id: string) => string
  /** A form (URL-encoded, with the session's CSRF token) or a JSON text for the API. */
  form?: Record<string, string>
  json?: string
  status: number
  /** Where a 303 sends the browser; for other statuses there must be no Location at all. */
  location?: (id: string) => string
  /** Text the answer must show (a notice), or must not (`not`). */
  shows?: string
  not?: string
  /** The lead's status and note afterwards, when the case may change them. */
  lead?: { lead_status: string; desk_note: string | null }
  /** What the answer does, for docs/hostile-inputs.md, when its status does not say it all. */
  answer?: string
}

const CRLF_ID = '%0D%0ALocation:%20https:%2F%2Foutro.example'
const HOSTILE_DESK_CASES: HostileDeskCase[] = [
  ...['1e20', '1e308', 'Infinity', '-1', '2.5', '0x10', '0', ''].map((page): HostileDeskCase => ({
    label: `page number ${page === '' ? '(empty)' : page}`,
    path: () => `/painel/contatos?pagina=${page}`,
    status: 404,
    shows: 'não encontrado',
  })),
  {
    label: 'page number of 23 digits',
    answer: 'the last page',
    path: () => '/painel/contatos?pagina=99999999999999999999999',
    status: 200,
    shows: '<h1>Contatos</h1>',
  },
  {
    label: 'erasure notice counting 1e21 leads',
    answer: 'the list, without a notice',
    path: () => '/painel/contatos?aviso=apagado&n=1e21',
    status: 200,
    not: 'apagado',
  },
  {
    label: 'erasure notice counting -3 leads',
    answer: 'the list, without a notice',
    path: () => '/painel/contatos?aviso=apagado&n=-3',
    status: 200,
    not: 'apagado',
  },
  {
    label: 'erasure notice without a count',
    answer: 'the list, without a notice',
    path: () => '/painel/contatos?aviso=apagado',
    status: 200,
    not: 'apagado',
  },
  {
    label: 'an unknown notice with markup',
    answer: 'the list, without a notice',
    path: () => '/painel/contatos?aviso=%3Cscript%3Ealert(1)%3C/script%3E',
    status: 200,
    not: 'alert(1)',
  },
  // Each with the form that used to answer with a redirect naming the lead.
  ...(
    [
      ['situacao', { status: 'ganho' }],
      ['nota', { note: 'x'.repeat(5001) }],
      ['reenviar', {}],
      ['apagar', {}],
    ] as const
  ).map(([action, form]): HostileDeskCase => ({
    label: `CR/LF and a header in the lead id (POST ${action})`,
    method: 'POST',
    path: () => `/painel/contatos/${CRLF_ID}/${action}`,
    form,
    status: 404,
  })),
  {
    label: 'a lead id that is no UUID',
    method: 'POST',
    path: () => '/painel/contatos/nem-um-uuid/situacao',
    form: { status: 'spam' },
    status: 404,
  },
  {
    label: "a lead id with SQL (' or 1=1)",
    path: (id) => `/painel/contatos/${id}'%20or%201=1`,
    status: 404,
  },
  {
    label: 'a lead id of broken percent-encoding',
    path: () => '/painel/contatos/%E0%A4%A',
    status: 404,
  },
  {
    label: 'a status with CR/LF',
    method: 'POST',
    path: (id) => `/painel/contatos/${id}/situacao`,
    form: { status: 'spam\r\n' },
    status: 303,
    location: (id) => `/painel/contatos/${id}?aviso=situacao-invalida`,
  },
  {
    label: 'a note with a NUL byte',
    answer: 'the note saved without the NUL',
    method: 'POST',
    path: (id) => `/painel/contatos/${id}/nota`,
    form: { note: 'antes\u0000depois' },
    status: 303,
    location: (id) => `/painel/contatos/${id}?aviso=nota`,
    lead: { lead_status: 'novo', desk_note: 'antesdepois' },
  },
  {
    label: 'a search with a NUL byte',
    answer: 'the search kept without the NUL',
    method: 'POST',
    path: () => '/painel/filtro',
    form: { search: 'Hostil\u0000' },
    status: 303,
    location: () => '/painel/contatos',
  },
  {
    label: 'a status filter with SQL',
    answer: 'an unknown status filters nothing out',
    method: 'POST',
    path: () => '/painel/filtro',
    form: { status: "novo' or '1'='1" },
    status: 303,
    location: () => '/painel/contatos',
  },
  {
    label: 'an export in an unknown format',
    path: () => '/painel/exportar?formato=xml',
    status: 303,
    location: () => '/painel/contatos',
  },
  {
    label: 'API: an export since 31 February',
    path: () => '/painel/api/exportar?formato=csv&desde=2026-02-31',
    status: 400,
  },
  {
    label: 'API: an export since 1e5',
    path: () => '/painel/api/exportar?formato=csv&desde=1e5',
    status: 400,
  },
  {
    label: 'API: erase an address with a NUL byte',
    method: 'POST',
    path: () => '/painel/api/apagar',
    json: JSON.stringify({ email: 'hostil\u0000@example.com' }),
    status: 400,
  },
  {
    label: 'API: erase an address given as a list',
    method: 'POST',
    path: () => '/painel/api/apagar',
    json: JSON.stringify({ email: ['hostil@example.com'] }),
    status: 400,
  },
  {
    label: 'API: erase with a body that is no JSON',
    method: 'POST',
    path: () => '/painel/api/apagar',
    json: 'email=hostil@example.com',
    status: 400,
  },
]

describe('hostile values in URLs, forms and the API', () => {
  let desk: DeskClient
  let hostileId: string
  const observed: { label: string; status: number; answer: string }[] = []
  const answerOf = (hostile: HostileDeskCase, status: number, location: string | null) =>
    hostile.answer ??
    (location !== null
      ? `to ${location.replace(hostileId, ':id')}`
      : status === 404
        ? 'the desk\'s "not found" page'
        : status === 400
          ? 'a JSON error, nothing erased or exported'
          : '')
  beforeAll(async () => {
    ;[hostileId = ''] = await seedLeads(server.db, [
      { name: 'Hostil Teste', email: 'hostil@example.com', message: 'Mensagem de teste.' },
    ])
    desk = await signedIn('192.0.2.30')
  })
  writeHostileSectionAfterAll('The lead desk', () => [
    '## The lead desk',
    '',
    'Generated by `server/desk/lead-desk-security.test.ts` (the same variable, through the real',
    'server, signed in): every page number, lead id, notice count and form value is read at the',
    'edge (`server/desk/http/request-values.ts`), so none reaches SQL text or a `Location` header',
    'unchecked, and none answers 500.',
    '',
    '| # | input | status | answer |',
    '| - | ----- | ------ | ------ |',
    ...observed.map((o, n) => tableRow([n + 1, o.label, o.status, o.answer])),
    '',
    'Signing in and showing leads, tested in the same file, in `server/desk/lead-desk.test.ts`',
    'and in Chromium (`tests/e2e/lead-desk.test.ts`):',
    '',
    '- wrong passwords: 10 per address, or per browser that signed in before, and 25 from all',
    '  other browsers together, per 15 minutes; then 429 with `Retry-After`, even for the right',
    '  password; parallel guesses never pass a limit; strangers failing from the same address',
    '  (or from 30 addresses at once) do not stop a browser that signed in before;',
    '- a copied "known browser" cookie buys 10 guesses, then 429 for that cookie alone;',
    '- every sign-in answer (right, wrong, throttled, a stale form) leaves after the same pause;',
    '- a session from before a password change, or after "Sair de todos os aparelhos", is',
    '  refused on every server (`tests/integration/lead-desk-sessions.test.ts`);',
    '- a name with U+202E or a Cyrillic look-alike is shown with a visible marker and a warning,',
    '  in its written order (Chromium);',
    '- a name, company, message or campaign with `=`, `+`, `-` or `@` after a comma, a tab, a',
    "  semicolon or a line break (`Ana, =HYPERLINK(…)`, a message's `- item` lines) is exported",
    "  with an apostrophe before it, so no reader (Excel pt-BR's `;`, en-US Excel's and",
    "  LibreOffice's `,`, a tab reader, one that ends a row at every line break) sees a cell",
    '  start a formula (`server/desk/lead-desk.test.ts`).',
  ])

  it.each(HOSTILE_DESK_CASES.map((hostile, n) => [n + 1, hostile.label, hostile] as const))(
    '%i. %s',
    async (n, _label, hostile) => {
      const before = await leadRow(hostileId)
      const target = hostile.path(hostileId)
      const response =
        hostile.json !== undefined
          ? await desk.request(target, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-csrf-token': await desk.csrfToken(),
              },
              body: hostile.json,
            })
          : hostile.method === 'POST'
            ? await desk.post(target, hostile.form)
            : await desk.request(target)
      const location = response.headers.get('location')
      const text = await response.text()
      observed[n - 1] = {
        label: hostile.label,
        status: response.status,
        answer: answerOf(hostile, response.status, location),
      }
      expect(response.status).toBe(hostile.status)
      expect(location).toBe(hostile.location?.(hostileId) ?? null)
      if (hostile.shows) expect(text).toContain(hostile.shows)
      if (hostile.not) expect(text).not.toContain(hostile.not)
      expect(await leadRow(hostileId)).toEqual(hostile.lead ?? before)
      if (hostile.lead) {
        await server.db.query('update contact_submissions set desk_note = null where id = $1', [
          hostileId,
        ])
      }
    },
  )
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
