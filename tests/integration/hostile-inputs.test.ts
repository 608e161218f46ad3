/**
 * What a hostile visitor might send, through the real server (raw HTTP on a socket, PGlite,
 * the built-like fake site): each case's status, error code and how many rows it left. The
 * table below is the list; `WRITE_HOSTILE_TABLE=docs/hostile-inputs.md npx vitest run --project
 * integration tests/integration/hostile-inputs.test.ts` writes it out with the answers observed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createFakeSite } from '../support/fake-site.ts'
import {
  openRawConnection,
  rawRequest,
  rawRequestBytes,
  type RawResponse,
} from '../support/raw-http.ts'
import { tableRow, writeHostileSection } from '../support/hostile-table.ts'
import { testSettings } from '../support/test-app.ts'

const REST = '/rest/v1/contact_submissions'
const FUNCTION = '/functions/v1/send-contact-email'
const KEY = { apikey: DEV_ANON_KEY }
const JSON_KEY = { ...KEY, 'content-type': 'application/json' }

type Body = string | Buffer

interface HostileCase {
  label: string
  method?: string
  path?: string
  headers?: Record<string, string>
  /** Built from the case's own e-mail address, so its rows can be counted. */
  body?: (email: string) => Body
  status: number
  /** The `code` of the JSON error, when there is one. */
  code?: string
  /** Rows stored for the case's address afterwards. */
  stored?: 0 | 1
}

const lead = (email: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Ana Souza',
    email,
    company: null,
    message: 'Quero um orçamento.',
    ...overrides,
  })
const insert = (overrides: Record<string, unknown>) => (email: string) => lead(email, overrides)

/** The contact form as a browser posts it without script (POST /contato). */
const FORM = '/contato'
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' }
const formPost =
  (overrides: Record<string, string> = {}) =>
  (email: string) =>
    new URLSearchParams({
      name: 'Ana Souza',
      email,
      company: '',
      message: 'Quero um orçamento.',
      website: '',
      ...overrides,
    }).toString()

const CASES: HostileCase[] = [
  { label: 'a valid submission (the reference)', body: insert({}), status: 201, stored: 1 },
  // Keys
  {
    label: 'no API key',
    headers: { 'content-type': 'application/json' },
    body: insert({}),
    status: 401,
    stored: 0,
  },
  {
    label: 'a wrong API key',
    headers: { apikey: 'sb_publishable_wrong', 'content-type': 'application/json' },
    body: insert({}),
    status: 401,
    stored: 0,
  },
  {
    label: 'a bearer that differs from the key',
    headers: { ...JSON_KEY, authorization: 'Bearer other' },
    body: insert({}),
    status: 401,
    stored: 0,
  },
  {
    label: 'the key only in ?apikey= (as the gateway allows)',
    path: `${REST}?apikey=${DEV_ANON_KEY}`,
    headers: { 'content-type': 'application/json' },
    body: insert({}),
    status: 201,
    stored: 1,
  },
  // Bodies that are not one submission
  { label: 'an empty body', body: () => '', status: 400, code: 'PGRST102' },
  { label: 'invalid JSON', body: () => '}{ not json', status: 400, code: 'PGRST102' },
  { label: 'a JSON string', body: () => '"x"', status: 400, code: 'PGRST102' },
  { label: 'JSON null', body: () => 'null', status: 400, code: 'PGRST102' },
  { label: 'a JSON number', body: () => '12345', status: 400, code: 'PGRST102' },
  {
    label: 'two submissions in one array',
    body: (e) => `[${lead(e)},${lead(`b.${e}`)}]`,
    status: 400,
    code: 'PT400',
    stored: 0,
  },
  {
    label: '1 200 submissions in one array (55 KB)',
    body: (e) =>
      `[${Array.from({ length: 1200 }, (_, n) => JSON.stringify({ name: 'A', email: n === 0 ? e : `${n}@e.co`, message: 'x' })).join(',')}]`,
    status: 400,
    code: 'PT400',
    stored: 0,
  },
  {
    label: 'an array whose objects differ',
    body: (e) => `[${lead(e)},{"name":"B"}]`,
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'an unknown column',
    body: insert({ website: 'x' }),
    status: 400,
    code: 'PGRST204',
    stored: 0,
  },
  {
    label: '5 000 nested objects in one field',
    body: (e) =>
      lead(e).replace('"company":null', `"company":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a body over 64 KB',
    body: insert({ message: 'x'.repeat(70_000) }),
    status: 413,
    code: 'PGRST413',
    stored: 0,
  },
  {
    label: 'bytes that are not UTF-8',
    body: (e) =>
      Buffer.concat([
        Buffer.from(lead(e).slice(0, 12)),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(lead(e).slice(12)),
      ]),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  // Types where text belongs
  {
    label: 'a name that is an object',
    body: insert({ name: { a: 1 } }),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a name that is a number',
    body: insert({ name: 12345 }),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a name that is true',
    body: insert({ name: true }),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a name that is an array',
    body: insert({ name: [1, 2] }),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a lone UTF-16 surrogate',
    body: (e) => lead(e).replace('Ana', 'Ana\\ud800'),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  {
    label: 'a NUL byte',
    body: insert({ name: 'Ana\u0000' }),
    status: 400,
    code: '22P05',
    stored: 0,
  },
  {
    label: 'a fill time that is a string',
    body: insert({ form_elapsed_ms: 'slow' }),
    status: 400,
    code: 'PGRST102',
    stored: 0,
  },
  // Values the database refuses
  {
    label: 'no name',
    body: (e) => JSON.stringify({ email: e, message: 'Oi' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'no e-mail',
    body: () => JSON.stringify({ name: 'Ana', message: 'Oi' }),
    status: 400,
    code: '23514',
  },
  {
    label: 'no message',
    body: (e) => JSON.stringify({ name: 'Ana', email: e }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  { label: 'an empty object', body: () => '{}', status: 400, code: '23514' },
  {
    label: 'a name of spaces',
    body: insert({ name: '   ' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name of no-break spaces (U+00A0)',
    body: insert({ name: '\u00a0\u00a0' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name of zero-width spaces (U+200B)',
    body: insert({ name: '\u200b' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name of a Hangul filler (U+3164)',
    body: insert({ name: '\u3164' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a message of ideographic spaces (U+3000)',
    body: insert({ message: '\u3000\u3000' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a message of tag characters (U+E0001)',
    body: insert({ message: '\u{e0001}\u{e0020}' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name with CR/LF and a Bcc header',
    body: insert({ name: 'Ana\r\nBcc: x@evil.test' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name with a line separator (U+2028)',
    body: insert({ name: 'Ana\u2028Bcc' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a name of 201 characters',
    body: insert({ name: 'n'.repeat(201) }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a company of 201 characters',
    body: insert({ company: 'c'.repeat(201) }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a message of 5 001 characters',
    body: insert({ message: 'm'.repeat(5001) }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'a message with a bell character',
    body: insert({ message: 'Oi\u0007' }),
    status: 400,
    code: '23514',
    stored: 0,
  },
  {
    label: 'e-mail a;b<c>@example.com',
    body: () => lead('a;b<c>@example.com'),
    status: 400,
    code: '23514',
  },
  {
    label: 'e-mail with a quoted local part',
    body: () => lead('"ana souza"@example.com'),
    status: 400,
    code: '23514',
  },
  { label: 'e-mail with a comma', body: () => lead('a,b@example.com'), status: 400, code: '23514' },
  {
    label: 'e-mail with a space',
    body: () => lead('ana souza@example.com'),
    status: 400,
    code: '23514',
  },
  {
    label: 'e-mail with CR/LF and a Bcc header',
    body: () => lead('a@b.co\r\nBcc: x@evil.test'),
    status: 400,
    code: '23514',
  },
  {
    label: 'e-mail without a top-level domain',
    body: () => lead('ana@localhost'),
    status: 400,
    code: '23514',
  },
  {
    label: 'e-mail with two dots in a row',
    body: () => lead('ana..souza@example.com'),
    status: 400,
    code: '23514',
  },
  { label: 'e-mail with two @', body: () => lead('ana@@example.com'), status: 400, code: '23514' },
  {
    label: 'e-mail with an accented local part',
    body: () => lead('joão@example.com'),
    status: 400,
    code: '23514',
  },
  {
    label: 'e-mail of 255 characters',
    body: () => lead(`${'a'.repeat(64)}@${'b'.repeat(180)}.example.com`),
    status: 400,
    code: '23514',
  },
  // Columns visitors may not write, and reading back
  {
    label: 'a chosen id',
    body: insert({ id: '00000000-0000-4000-8000-000000000000' }),
    status: 401,
    code: '42501',
    stored: 0,
  },
  {
    label: 'a chosen created_at',
    body: insert({ created_at: '2020-01-01T00:00:00Z' }),
    status: 401,
    code: '42501',
    stored: 0,
  },
  {
    label: 'a chosen notified_at',
    body: insert({ notified_at: '2020-01-01T00:00:00Z' }),
    status: 401,
    code: '42501',
    stored: 0,
  },
  {
    label: 'a chosen client_ip',
    body: insert({ client_ip: '1.2.3.4' }),
    status: 401,
    code: '42501',
    stored: 0,
  },
  {
    label: 'Prefer: return=representation (read back)',
    headers: { ...JSON_KEY, prefer: 'return=representation' },
    body: insert({}),
    status: 401,
    code: '42501',
    stored: 0,
  },
  { label: 'GET the table', method: 'GET', headers: KEY, status: 401, code: '42501' },
  { label: 'HEAD the table', method: 'HEAD', headers: KEY, status: 401 },
  {
    label: 'PATCH every row',
    method: 'PATCH',
    path: `${REST}?id=not.is.null`,
    body: () => '{"name":"x"}',
    status: 401,
    code: '42501',
  },
  {
    label: 'DELETE every row',
    method: 'DELETE',
    path: `${REST}?id=not.is.null`,
    headers: KEY,
    status: 401,
    code: '42501',
  },
  {
    label: 'Content-Profile of another schema',
    headers: { ...JSON_KEY, 'content-profile': 'private' },
    body: insert({}),
    status: 406,
    code: 'PGRST106',
    stored: 0,
  },
  {
    label: 'another table',
    path: '/rest/v1/mail_sends',
    body: insert({}),
    status: 404,
    code: 'PGRST205',
  },
  {
    label: 'a nested path',
    path: `${REST}/1`,
    body: insert({}),
    status: 404,
    code: 'PGRST125',
    stored: 0,
  },
  // Media types and codings
  {
    label: 'Content-Type text/plain',
    headers: { ...KEY, 'content-type': 'text/plain' },
    body: insert({}),
    status: 415,
    code: 'PGRST107',
    stored: 0,
  },
  {
    label: 'Content-Type APPLICATION/JSON',
    headers: { ...KEY, 'content-type': 'APPLICATION/JSON' },
    body: insert({}),
    status: 201,
    stored: 1,
  },
  {
    label: 'a gzip-encoded body',
    headers: { ...JSON_KEY, 'content-encoding': 'gzip' },
    body: (e) => gzipSync(lead(e)),
    status: 415,
    stored: 0,
  },
  {
    label: 'Content-Encoding: br on plain JSON',
    headers: { ...JSON_KEY, 'content-encoding': 'br' },
    body: insert({}),
    status: 415,
    stored: 0,
  },
  // Bots: answered like a success, no lead stored (kept in quarantine for review, decision 023)
  {
    label: 'the honeypot field filled',
    body: insert({ form_trap: 'https://spam.example' }),
    status: 201,
    stored: 0,
  },
  {
    label: 'sent 200 ms after the page loaded',
    body: insert({ form_elapsed_ms: 200 }),
    status: 201,
    stored: 0,
  },
  // Stored as typed
  {
    label: 'markup in the message',
    body: insert({ message: '<script>alert(1)</script><img src=x onerror=alert(1)>' }),
    status: 201,
    stored: 1,
  },
  {
    label: 'RTL override and joiners in the name',
    body: insert({ name: 'Ana \u202egnp.exe \u200d' }),
    status: 201,
    stored: 1,
  },
  {
    label: '5 000 emoji in the message',
    body: insert({ message: '😀'.repeat(5000) }),
    status: 201,
    stored: 1,
  },
  {
    label: 'a forged X-Forwarded-For (no proxy trusted)',
    headers: { ...JSON_KEY, 'x-forwarded-for': '198.51.100.1' },
    body: insert({}),
    status: 201,
    stored: 1,
  },
  // The function
  {
    label: 'the function for a message never stored',
    path: FUNCTION,
    body: insert({}),
    status: 409,
    code: 'submission_not_found',
  },
  {
    label: 'the function asked to mail another recipient',
    path: FUNCTION,
    body: insert({ to: 'victim@example.com' }),
    status: 409,
    code: 'submission_not_found',
  },
  {
    label: 'the function with invalid JSON',
    path: FUNCTION,
    body: () => '}{',
    status: 400,
    code: 'invalid_json',
  },
  {
    label: 'the function with 100 KB',
    path: FUNCTION,
    body: insert({ message: 'x'.repeat(100_000) }),
    status: 413,
    code: 'payload_too_large',
  },
  {
    label: 'the function by GET',
    method: 'GET',
    path: FUNCTION,
    headers: KEY,
    status: 405,
    code: 'method_not_allowed',
  },
  {
    label: 'the function without a key',
    path: FUNCTION,
    headers: { 'content-type': 'application/json' },
    body: insert({}),
    status: 401,
  },
  {
    label: 'another function',
    path: '/functions/v1/admin',
    body: insert({}),
    status: 404,
    code: 'NOT_FOUND',
  },
  // Paths on the site
  {
    label: 'a path climbing out of the site',
    method: 'GET',
    path: '/../../etc/passwd',
    status: 404,
  },
  { label: 'an encoded climb', method: 'GET', path: '/%2e%2e/%2e%2e/etc/passwd', status: 404 },
  { label: 'the 404 page by name', method: 'GET', path: '/404.html', status: 404 },
  { label: 'a NUL in the path', method: 'GET', path: '/index.html%00', status: 404 },
  // The form posted without script: HTML answers, so no code
  {
    label: 'the form posted without script (the reference)',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost(),
    status: 303,
    stored: 1,
  },
  {
    label: 'the form with a name of spaces',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ name: '   ' }),
    status: 400,
    stored: 0,
  },
  {
    label: 'the form with no fields at all',
    path: FORM,
    headers: FORM_TYPE,
    body: () => '',
    status: 400,
  },
  {
    label: 'the form with its honeypot filled',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ website: 'https://spam.example' }),
    status: 303,
    stored: 0,
  },
  {
    label: 'the form posted 100 ms after the page loaded',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ elapsed_ms: '100' }),
    status: 303,
    stored: 0,
  },
  {
    label: 'the form with a fill time that is not a number',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ elapsed_ms: '-1e9' }),
    status: 303,
    stored: 1,
  },
  {
    label: 'the form with markup and quotes in every field',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({
      name: '"><script>alert(1)</script>',
      company: "O'Brien & <b>Cia</b>",
      message: '</textarea><img src=x onerror=alert(1)>',
    }),
    status: 303,
    stored: 1,
  },
  {
    label: 'the form with CR/LF and a Bcc header in the name',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ name: 'Ana\r\nBcc: x@evil.test' }),
    status: 400,
    stored: 0,
  },
  {
    label: 'the form with a NUL byte',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ message: 'a\u0000b' }),
    status: 400,
    stored: 0,
  },
  {
    label: 'the form with 5 000 emoji in the message',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ message: '😀'.repeat(5000) }),
    status: 303,
    stored: 1,
  },
  {
    label: 'the form with bytes that are not UTF-8',
    path: FORM,
    headers: FORM_TYPE,
    body: (email) => `name=Jos%E9&email=${encodeURIComponent(email)}&message=Oi`,
    status: 400,
    stored: 0,
  },
  {
    label: 'the form in Latin-1',
    path: FORM,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
    body: formPost(),
    status: 415,
    stored: 0,
  },
  {
    label: 'the form as JSON',
    path: FORM,
    headers: { 'content-type': 'application/json' },
    body: insert({}),
    status: 415,
    stored: 0,
  },
  {
    label: 'the form as multipart/form-data',
    path: FORM,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: (email) => `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--`,
    status: 415,
    stored: 0,
  },
  {
    label: 'the form over 64 KB',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost({ message: 'x'.repeat(70_000) }),
    status: 413,
    stored: 0,
  },
  {
    label: 'the form gzip-encoded',
    path: FORM,
    headers: { ...FORM_TYPE, 'content-encoding': 'gzip' },
    body: (email) => gzipSync(formPost()(email)),
    status: 415,
    stored: 0,
  },
  {
    label: 'the form with a forged X-Forwarded-For (no proxy trusted)',
    path: FORM,
    headers: { ...FORM_TYPE, 'x-forwarded-for': '198.51.100.1' },
    body: formPost(),
    status: 303,
    stored: 1,
  },
  {
    label: 'the form by PUT',
    method: 'PUT',
    path: FORM,
    headers: FORM_TYPE,
    body: formPost(),
    status: 405,
    stored: 0,
  },
]

let server: RunningServer
let cleanUp: () => Promise<void>
const observed: { label: string; status: number; code: string; rows: number | string }[] = []

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hostile-'))
  const site = await createFakeSite()
  // The cap shared by unknown addresses would end the table early: lift it here; the limits
  // have their own tests (proxy-trust.test.ts, two-servers.test.ts).
  server = await startServer(
    testSettings(
      { PORT: '0', DATA_DIR: dataDir, RATE_LIMIT_UNKNOWN_ADDRESSES: '100000' },
      { distDir: site.dir },
    ),
  )
  cleanUp = async () => {
    await server.stop()
    await site.remove()
    await rm(dataDir, { recursive: true, force: true })
  }
}, 120_000)

afterAll(async () => {
  await cleanUp?.()
  const file = process.env.WRITE_HOSTILE_TABLE
  if (file) {
    const rows = observed.map((o, n) => tableRow([n + 1, o.label, o.status, o.code, o.rows]))
    // Only the first part: the other sections are written by their own tests.
    await writeHostileSection(file, undefined, [
      '# Hostile inputs and what the server answers',
      '',
      'Generated by `tests/integration/hostile-inputs.test.ts` against the real server (PGlite);',
      '"rows" is what the database holds for that request afterwards. The cases "the form …"',
      'post the contact form as a browser does without script (`POST /contato`); they are answered',
      'with a redirect or a page, so with no code. The submit-contact-form Edge Function reads the',
      'same body through the same code (`supabase/functions/_shared/contact/submit-contact-form.test.ts`).',
      '',
      '| # | input | status | code | rows |',
      '| - | ----- | ------ | ---- | ---- |',
      ...rows,
    ])
  }
})

const send = async (
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Body,
) => {
  const connection = await openRawConnection(server.url)
  try {
    await connection.write(
      Buffer.isBuffer(body)
        ? rawRequestBytes(method, target, headers, body)
        : rawRequest(method, target, headers, body),
    )
    return await connection.response({ head: method === 'HEAD' })
  } finally {
    connection.close()
  }
}

const codeOf = (response: RawResponse) => {
  try {
    const parsed = JSON.parse(response.body) as { code?: string; error?: { code?: string } }
    return parsed.code ?? parsed.error?.code ?? ''
  } catch {
    return ''
  }
}

describe('hostile inputs through the real server', () => {
  it('has at least sixty of them', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60)
  })

  it.each(CASES.map((hostile, n) => [n + 1, hostile.label, hostile] as const))(
    '%i. %s',
    async (n, _label, hostile) => {
      const email = `hostile.${n}@example.com`
      const method = hostile.method ?? 'POST'
      const response = await send(
        method,
        hostile.path ?? REST,
        hostile.headers ?? JSON_KEY,
        hostile.body?.(email),
      )
      const code = codeOf(response)
      const { rows } = await server.db.query('select 1 from contact_submissions where email = $1', [
        email,
      ])
      observed[n - 1] = { label: hostile.label, status: response.status, code, rows: rows.length }
      expect(response.status).toBe(hostile.status)
      if (hostile.code !== undefined) expect(code).toBe(hostile.code)
      if (hostile.stored !== undefined) expect(rows).toHaveLength(hostile.stored)
      // Nothing internal in any answer: no stack, no file path, no database host.
      expect(response.body).not.toMatch(/at .+\.(ts|js):\d+|\/work\/|node_modules|127\.0\.0\.1:\d+/)
    },
  )
})
