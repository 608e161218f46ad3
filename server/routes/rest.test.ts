import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import { createTestApp } from '../../tests/support/test-app.ts'
import type { createApp } from '../app.ts'
import { applyContactLimits } from '../db/contact-limits.ts'
import type { Database } from '../db/database.ts'
import { contactFieldErrors } from '../../src/content/contact-errors.ts'
import { DEV_ANON_KEY } from '../settings.ts'

let db: Database
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  db = await createTestDatabase()
  // Every request here comes from an unknown address; their shared cap has tests of its own.
  await applyContactLimits(db, { RATE_LIMIT_UNKNOWN_ADDRESSES: 100_000 })
  app = createTestApp(db)
})
afterAll(() => db.close())

let sequence = 0
/** A valid, unique submission (identical ones within seconds are merged by design). */
const validRow = (overrides: Record<string, unknown> = {}) => {
  sequence += 1
  return {
    name: `Ana Souza ${sequence}`,
    email: `ana${sequence}@example.com`,
    company: null,
    message: `Gostaria de um orçamento (${sequence}).`,
    ...overrides,
  }
}

const keyHeaders = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` }

const post = (
  body: unknown,
  headers: Record<string, string> = {},
  path = '/rest/v1/contact_submissions',
) =>
  app.request(path, {
    method: 'POST',
    headers: {
      ...keyHeaders,
      'content-type': 'application/json',
      origin: 'http://site.test',
      ...headers,
    },
    body:
      typeof body === 'string'
        ? body
        : Buffer.isBuffer(body)
          ? new Uint8Array(body)
          : JSON.stringify(body),
  })

/** PostgREST's error body: a code and a message, with details and hint always null. */
const postgrestError = (code: string, message: string) => ({
  code,
  details: null,
  hint: null,
  message,
})

/** A row sent as the site sends it, to an app built for one test. */
const postRow = (target: Pick<ReturnType<typeof createApp>, 'request'>, row: unknown) =>
  target.request('/rest/v1/contact_submissions', {
    method: 'POST',
    headers: { ...keyHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(row),
  })

const rowsWithEmail = async (email: string) =>
  (
    await db.query<Record<string, unknown>>('select * from contact_submissions where email = $1', [
      email,
    ])
  ).rows

const countRows = async () =>
  Number(
    (await db.query<{ n: number }>('select count(*)::int as n from contact_submissions')).rows[0]
      ?.n,
  )

describe('POST /rest/v1/contact_submissions', () => {
  it('stores a valid row and answers 201 with no body and no Content-Type', async () => {
    const row = validRow()
    const res = await post(row)
    expect(res.status).toBe(201)
    expect(await res.text()).toBe('')
    expect(res.headers.get('content-type')).toBeNull()
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
    const [stored] = await rowsWithEmail(row.email)
    expect(stored).toMatchObject({ name: row.name, company: null, message: row.message })
  })

  it('stores company as NULL when the key is absent', async () => {
    const row: Record<string, unknown> = validRow()
    delete row.company
    expect((await post(row)).status).toBe(201)
    expect((await rowsWithEmail(String(row.email)))[0]?.company).toBeNull()
  })

  it('refuses a request without a key with the gateway message, before reading the body', async () => {
    const res = await app.request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '}{ not even json',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses a wrong key with the gateway message', async () => {
    const res = await post(validRow(), {
      apikey: 'sb_publishable_wrong',
      authorization: 'Bearer sb_publishable_wrong',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    })
  })

  it('accepts the key as ?apikey= like the gateway does', async () => {
    const row = validRow()
    const res = await app.request(`/rest/v1/contact_submissions?apikey=${DEV_ANON_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(row),
    })
    expect(res.status).toBe(201)
    expect(await rowsWithEmail(row.email)).toHaveLength(1)
  })

  it('answers invalid or empty JSON with PGRST102', async () => {
    for (const body of ['}{ x', '']) {
      const res = await post(body)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual(postgrestError('PGRST102', 'Empty or invalid json'))
    }
  })

  it('answers a JSON scalar body with PGRST102 and stores nothing', async () => {
    const before = await countRows()
    for (const body of ['"x"', '123', 'null']) {
      const res = await post(body)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('PGRST102')
    }
    expect(await countRows()).toBe(before)
  })

  it('names an unknown column like PostgREST (PGRST204)', async () => {
    const res = await post({ ...validRow(), foo: 1 })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(
      postgrestError(
        'PGRST204',
        "Could not find the 'foo' column of 'contact_submissions' in the schema cache",
      ),
    )
  })

  it.each([
    ['an object', { a: 1 }],
    ['a number', 12345],
    ['a boolean', true],
    ['an array', [1, 2]],
    ['a lone surrogate', '\ud800'],
  ])(
    'refuses %s where text belongs, storing nothing (PostgREST would coerce it)',
    async (_label, name) => {
      const row = validRow({ name })
      const res = await post(row)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        code: 'PGRST102',
        message: "Invalid value for the column 'name'",
      })
      expect(await rowsWithEmail(String(row.email))).toHaveLength(0)
    },
  )

  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const before = await countRows()
    const row = validRow()
    const json = Buffer.from(JSON.stringify(row))
    const broken = Buffer.concat([
      json.subarray(0, 10),
      Buffer.from([0xc3, 0x28]),
      json.subarray(10),
    ])
    const res = await post(broken)
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST102')
    expect(await countRows()).toBe(before)
  })

  it('refuses an array of rows whole (the site sends one), and stores none', async () => {
    const rows = [validRow(), validRow()]
    const res = await post(rows)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PT400' })
    expect(await rowsWithEmail(String(rows[0]?.email))).toHaveLength(0)
  })

  it('rejects an array whose objects have different keys, storing none', async () => {
    const first = validRow()
    const second: Record<string, unknown> = validRow()
    delete second.company
    const res = await post([first, second])
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    })
    expect(await rowsWithEmail(first.email)).toHaveLength(0)
  })

  it('refuses a missing e-mail in Portuguese, without leaking the row', async () => {
    const row: Record<string, unknown> = validRow()
    delete row.email
    const res = await post(row)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(postgrestError('23514', contactFieldErrors.email.required))
  })

  it('rejects a NUL byte with 22P05', async () => {
    const res = await post(validRow({ name: 'Ana\u0000' }))
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('22P05')
  })

  it.each([
    ['a blank name', { name: '   ' }, contactFieldErrors.name.required],
    ['a name of no-break spaces', { name: '\u00a0\u00a0' }, contactFieldErrors.name.required],
    ['a name of zero-width spaces', { name: '\u200b\u200b' }, contactFieldErrors.name.required],
    ['a name with CR/LF', { name: 'Ada\r\nBcc: x@evil.test' }, contactFieldErrors.name.invalid],
    ['a 201-character name', { name: 'n'.repeat(201) }, contactFieldErrors.name.too_long],
    [
      'an e-mail with CR/LF',
      { email: 'a@b.co\r\nBcc: x@evil.test' },
      contactFieldErrors.email.invalid,
    ],
    ['an e-mail without a domain dot', { email: 'a@b' }, contactFieldErrors.email.invalid],
    ['an e-mail with two @', { email: 'a@@b.co' }, contactFieldErrors.email.invalid],
    ['an e-mail with ; < >', { email: 'a;b<c>@example.com' }, contactFieldErrors.email.invalid],
    ['an e-mail with a quote', { email: '"a b"@example.com' }, contactFieldErrors.email.invalid],
    [
      'an e-mail with two dots in a row',
      { email: 'a..b@example.com' },
      contactFieldErrors.email.invalid,
    ],
    [
      'a 5001-character message',
      { message: 'm'.repeat(5001) },
      contactFieldErrors.message.too_long,
    ],
    ['a whitespace-only message', { message: ' \n\t ' }, contactFieldErrors.message.required],
    [
      'an ideographic-space message',
      { message: '\u3000\u3000' },
      contactFieldErrors.message.required,
    ],
    [
      'a message with a bell character',
      { message: 'Oi\u0007' },
      contactFieldErrors.message.invalid,
    ],
    ['a 201-character company', { company: 'c'.repeat(201) }, contactFieldErrors.company.too_long],
  ])('refuses %s with 23514 and the reason in Portuguese', async (_label, override, message) => {
    const row = validRow(override)
    const res = await post(row)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(postgrestError('23514', message))
    expect(await rowsWithEmail(String(row.email))).toHaveLength(0)
  })

  it('accepts a 5000-character message and 5000 emoji (limits count code points)', async () => {
    const plain = validRow({ message: 'm'.repeat(5000) })
    const emoji = validRow({ message: '😀'.repeat(5000) })
    expect((await post(plain)).status).toBe(201)
    expect((await post(emoji)).status).toBe(201)
    expect((await rowsWithEmail(emoji.email))[0]?.message).toBe('😀'.repeat(5000))
  })

  it('stores markup and Unicode exactly as typed', async () => {
    const message = '<script>alert(1)</script> Olá 你好 שלום \u202Eevil\u202C a\u200Db'
    const row = validRow({ message })
    expect((await post(row)).status).toBe(201)
    expect((await rowsWithEmail(row.email))[0]?.message).toBe(message)
  })

  it('refuses return=representation (anon may not read) and rolls the insert back', async () => {
    const row = validRow()
    const res = await post(row, { prefer: 'return=representation' })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({
      code: '42501',
      message: 'permission denied for table contact_submissions',
    })
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await rowsWithEmail(row.email)).toHaveLength(0)
  })

  it.each(['id', 'created_at', 'notified_at'])(
    'refuses a visitor-chosen %s (42501)',
    async (column) => {
      const value =
        column === 'id' ? '00000000-0000-4000-8000-000000000000' : new Date().toISOString()
      const row = validRow({ [column]: value })
      const res = await post(row)
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('42501')
      expect(await rowsWithEmail(String(row.email))).toHaveLength(0)
    },
  )

  it('merges a double click: two identical submissions within seconds give one row', async () => {
    const row = validRow()
    expect((await post(row)).status).toBe(201)
    expect((await post(row)).status).toBe(201)
    expect(await rowsWithEmail(row.email)).toHaveLength(1)
  })

  it('answers a body over the limit with 413 JSON and stores nothing', async () => {
    const row = validRow({ message: 'x'.repeat(70_000) })
    const res = await post(row)
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('PGRST413')
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
    expect(await rowsWithEmail(row.email)).toHaveLength(0)
  })

  it('answers a non-JSON content type with 415 PGRST107', async () => {
    const res = await post(validRow(), { 'content-type': 'text/plain' })
    expect(res.status).toBe(415)
    expect((await res.json()).code).toBe('PGRST107')
  })
})

describe('what anon cannot do', () => {
  it.each(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'])(
    '%s cannot read or change rows',
    async (method) => {
      const row = validRow()
      await post(row)
      const before = await rowsWithEmail(row.email)
      const res = await app.request(`/rest/v1/contact_submissions?email=eq.${row.email}`, {
        method,
        headers: { ...keyHeaders, 'content-type': 'application/json' },
        body:
          method === 'PATCH' || method === 'PUT' ? JSON.stringify({ name: 'changed' }) : undefined,
      })
      expect(res.status).toBe(401)
      if (method !== 'HEAD') expect((await res.json()).code).toBe('42501')
      expect(await rowsWithEmail(row.email)).toEqual(before)
    },
  )
})

describe('other API paths', () => {
  it('answers an unknown table with 404 PGRST205', async () => {
    const res = await post(validRow(), {}, '/rest/v1/contact_submission')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.contact_submission' in the schema cache",
    })
  })

  it.each(['/rest/v1/contact_submissions/1', '/rest/v1', '/functions/v1/other', '/functions/v1'])(
    '%s gives a 404 with a JSON body, never an empty one',
    async (path) => {
      const res = await app.request(path, { headers: keyHeaders })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(Object.keys(await res.json())).toContain('message')
    },
  )

  it('answers an unexposed schema with 406 PGRST106', async () => {
    const res = await post(validRow(), { 'content-profile': 'private' })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST106')
  })

  it.each(['/rest/v1/contact_submissions', '/functions/v1/send-contact-email'])(
    'answers the browser preflight for %s without a key',
    async (path) => {
      const res = await app.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://site.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'apikey,authorization,content-profile,content-type,x-client-info',
        },
      })
      expect(res.status).toBeLessThan(300)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase()
      for (const header of [
        'apikey',
        'authorization',
        'content-profile',
        'content-type',
        'x-client-info',
        'x-retry-count',
      ]) {
        expect(allowed).toContain(header)
      }
      expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    },
  )
})

describe('errors without internals', () => {
  it('answers a failure that is not the database’s with a plain 500 and logs the cause', async () => {
    const logged: Record<string, unknown>[] = []
    const broken: Database = {
      ...db,
      transaction: () =>
        Promise.reject(new RangeError('Maximum call stack size exceeded at /srv/app/server.js:1')),
    }
    const brokenApp = createTestApp(broken, {
      log: { info: () => {}, error: (event, fields) => logged.push({ event, ...fields }) },
    })
    const res = await postRow(brokenApp, validRow())
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual(postgrestError('PGRST000', 'Internal server error'))
    expect(logged).toContainEqual(
      expect.objectContaining({
        event: 'unhandled_error',
        message: expect.stringContaining('stack'),
      }),
    )
  })

  it.each([
    ['unreachable', 'connect ECONNREFUSED 10.1.2.3:5432', 'ECONNREFUSED'],
    // Every pooled connection busy under load, none freed within the pool's connect timeout.
    ['too busy to hand out a connection', 'timeout exceeded when trying to connect', undefined],
    // A restart (systemctl restart postgresql) ends the sessions in flight, then refuses new
    // ones until it is up: nothing in the request was wrong, and trying again works.
    ['restarting', 'terminating connection due to administrator command', '57P01'],
    ['starting up', 'the database system is starting up', '57P03'],
    ['shutting down', 'the database system is shutting down', '57P03'],
  ])(
    'answers a database that is %s with 503 and keeps where it is out of the answer',
    async (_state, message, code) => {
      const refused = Object.assign(new Error(message), { code })
      const down: Database = { ...db, transaction: () => Promise.reject(refused) }
      const res = await postRow(createTestApp(down), validRow())
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual(
        postgrestError('PGRST000', 'Database connection error. Retrying the connection.'),
      )
    },
  )

  it('answers an unsupported method on a table with 405 PGRST117', async () => {
    const res = await app.request('/rest/v1/contact_submissions', {
      method: 'PROPFIND',
      headers: keyHeaders,
    })
    expect(res.status).toBe(405)
    expect((await res.json()).code).toBe('PGRST117')
  })
})
