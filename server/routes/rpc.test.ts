import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import { createTestApp } from '../../tests/support/test-app.ts'
import type { createApp } from '../app.ts'
import type { Database } from '../db/database.ts'
import { DEV_ANON_KEY } from '../settings.ts'

let db: Database
let app: ReturnType<typeof createApp>

// Functions of every shape PostgREST answers, in public as a migration would put them. They
// exist before the first call, when the server reads which functions there are.
const FIXTURES = `
create table private.rpc_probe (note text);
create function public.probe_add(a integer, b integer default 1) returns integer
  language sql immutable as 'select a + b';
create function public.probe_whoami(greeting text default 'olá') returns jsonb
  language sql stable as $$
    select jsonb_build_object(
      'role', current_user,
      'greeting', greeting,
      'address', current_setting('request.headers')::jsonb ->> 'x-forwarded-for',
      'read_only', current_setting('transaction_read_only'))
  $$;
create function public.probe_write(note text) returns void
  language sql volatile security definer set search_path = ''
  as 'insert into private.rpc_probe (note) values (note)';
create function public.probe_rows() returns table (n integer, word text)
  language sql stable as $$ values (1, 'um'), (2, 'dois') $$;
create function public.probe_row(out n integer, out word text)
  language sql stable as $$ select 1, 'um' $$;
create function public.probe_numbers() returns setof integer
  language sql stable as 'select generate_series(1, 3)';
create function public.probe_when(at timestamptz) returns text
  language sql stable as $$ select to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') $$;
create function public.probe_refuse() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code":"PT429","message":"Devagar.","details":"slow_down","hint":null}',
    detail = '{"status":429,"headers":{"Retry-After":"60"}}';
end $$;
create function public.probe_secret() returns void
  language sql volatile security definer set search_path = ''
  as $$ insert into private.rpc_probe (note) values ('secret') $$;
revoke all on function public.probe_secret() from public;
`

beforeAll(async () => {
  db = await createTestDatabase()
  await db.exec(FIXTURES)
  app = createTestApp(db, { clientAddress: () => '198.51.100.23' })
})
afterAll(() => db.close())

const keyHeaders = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` }

const post = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...keyHeaders, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const get = (target: string, method = 'GET') =>
  app.request(`/rest/v1/rpc/${target}`, { method, headers: keyHeaders })

const probes = async () =>
  (await db.query<{ note: string }>('select note from private.rpc_probe')).rows.map(
    (row) => row.note,
  )

describe('POST /rest/v1/rpc/:function', () => {
  it('calls a function with named arguments and answers its bare JSON value', async () => {
    const res = await post('probe_add', { a: 2, b: 3 })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toBe(5)
    expect(await (await post('probe_add', { a: 2 })).json()).toBe(3)
  })

  it('answers a set as an array, a row as an object and a void function with 204', async () => {
    expect(await (await post('probe_rows', {})).json()).toEqual([
      { n: 1, word: 'um' },
      { n: 2, word: 'dois' },
    ])
    expect(await (await post('probe_row', {})).json()).toEqual({ n: 1, word: 'um' })
    expect(await (await post('probe_numbers', {})).json()).toEqual([1, 2, 3])
    const written = await post('probe_write', { note: 'escrito' })
    expect(written.status).toBe(204)
    expect(await written.text()).toBe('')
    expect(await probes()).toContain('escrito')
  })

  it("runs as anon with the request's headers and the trusted address, not the claimed one", async () => {
    const res = await post('probe_whoami', {}, { 'x-forwarded-for': '203.0.113.66' })
    expect(await res.json()).toEqual({
      role: 'anon',
      greeting: 'olá',
      address: '198.51.100.23',
      read_only: 'on',
    })
  })

  it('reads an empty body as no arguments, as PostgREST does', async () => {
    const res = await post('probe_add', '')
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('PGRST202')
    expect(await (await post('probe_rows', '')).json()).toHaveLength(2)
  })

  it('names a missing function or argument the way PostgREST does (404 PGRST202)', async () => {
    const missing = await post('probe_nothing', { a: 1, b: 2 })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.probe_nothing with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.probe_nothing(a, b) in the schema cache',
    })
    const wrongArgument = await post('probe_add', { a: 1, c: 2 })
    expect(await wrongArgument.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.probe_add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.probe_add(a, b)',
      message: 'Could not find the function public.probe_add(a, c) in the schema cache',
    })
    const noArguments = await post('probe_nothing', {})
    expect((await noArguments.json()).message).toBe(
      'Could not find the function public.probe_nothing without parameters in the schema cache',
    )
  })

  it('never runs what anon may not execute, and never reaches another schema', async () => {
    const secret = await post('probe_secret', {})
    expect(secret.status).toBe(401)
    expect(await secret.json()).toMatchObject({
      code: '42501',
      message: 'permission denied for function probe_secret',
    })
    expect(await probes()).not.toContain('secret')
    // The booking's own work lives in private: not a function this route can find.
    const hidden = await post('free_slots', { p_now: new Date().toISOString() })
    expect(hidden.status).toBe(404)
    expect((await hidden.json()).code).toBe('PGRST202')
    const profile = await post('probe_rows', {}, { 'content-profile': 'private' })
    expect(profile.status).toBe(406)
    expect((await profile.json()).code).toBe('PGRST106')
  })

  it('passes on what SQL says with its status and headers (raise sqlstate PGRST)', async () => {
    const res = await post('probe_refuse', {})
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(await res.json()).toEqual({
      code: 'PT429',
      details: 'slow_down',
      hint: null,
      message: 'Devagar.',
    })
  })

  it.each([
    ['an array', '[{"a":1}]', 400, 'PGRST102'],
    ['a JSON string', '"a"', 400, 'PGRST102'],
    ['invalid JSON', '{"a":', 400, 'PGRST102'],
    ['a number where text goes', '{"note":12345}', 400, 'PGRST102'],
    ['an object where text goes', '{"note":{"a":1}}', 400, 'PGRST102'],
  ])('refuses %s as the arguments', async (_label, body, status, code) => {
    const before = await probes()
    const res = await post('probe_write', body)
    expect(res.status).toBe(status)
    expect((await res.json()).code).toBe(code)
    expect(await probes()).toEqual(before)
  })

  it('refuses a value the argument type cannot read, and a body that is not JSON', async () => {
    const when = await post('probe_when', { at: 'amanhã de manhã' })
    expect(when.status).toBe(400)
    expect((await when.json()).code).toBe('22007')
    expect(await (await post('probe_when', { at: '2027-03-02T13:00:00Z' })).json()).toBe(
      '2027-03-02 13:00',
    )
    const text = await post('probe_rows', 'a=1', { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    expect((await text.json()).code).toBe('PGRST107')
  })

  it('answers only with the API key, as the gateway does', async () => {
    const res = await app.request('/rest/v1/rpc/probe_rows', { method: 'POST', body: '{}' })
    expect(res.status).toBe(401)
  })
})

describe('GET and HEAD /rest/v1/rpc/:function', () => {
  it('calls a function with query arguments in a read-only transaction', async () => {
    const res = await get('probe_whoami?greeting=oi')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ role: 'anon', greeting: 'oi', read_only: 'on' })
    expect(await (await get('probe_add?a=4&b=5')).json()).toBe(9)
    const head = await get('probe_add?a=4', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('cannot change anything (405, 25006)', async () => {
    const before = await probes()
    const res = await get('probe_write?note=por-get')
    expect(res.status).toBe(405)
    expect((await res.json()).code).toBe('25006')
    expect(await probes()).toEqual(before)
  })

  it('refuses other methods (405 PGRST101)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await app.request('/rest/v1/rpc/probe_rows', { method, headers: keyHeaders })
      expect(res.status).toBe(405)
      expect(await res.json()).toEqual({
        code: 'PGRST101',
        details: null,
        hint: null,
        message: `Cannot use the ${method} method on RPC`,
      })
    }
  })
})

describe('text no database can hold (NUL, a lone surrogate) in an argument', () => {
  // Every booking here comes from the test's one address; its limits are not under test.
  beforeAll(() =>
    db.query(`update private.booking_settings set per_address_per_day = 1000,
      per_network_per_day = 1000, holds_per_network = 1000, upcoming_per_network = 1000`),
  )

  const booking = async (changes: Record<string, unknown>) => {
    const { slots } = (await (await post('booking_free_times', {})).json()) as { slots: string[] }
    return post('book_meeting', {
      starts_at: slots[0],
      name: 'Ana Souza',
      email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
      note: 'Quero um aplicativo.',
      time_zone: 'America/Manaus',
      form_trap: '',
      form_elapsed_ms: 60_000,
      ...changes,
    })
  }
  const refusal = async (res: Response) => ({ status: res.status, ...(await res.json()) })

  it("gets the field's own words, as any other character the field refuses", async () => {
    for (const [changes, message] of [
      [{ name: 'Ana\u0000' }, 'O nome não pode ter quebras de linha nem caracteres de controle.'],
      [
        { company: 'Acme\u0000' },
        'O nome da empresa não pode ter quebras de linha nem caracteres de controle.',
      ],
      [{ note: 'Oi\u0000' }, 'O assunto não pode ter caracteres de controle.'],
      [{ note: 'Oi\ud800' }, 'O assunto não pode ter caracteres de controle.'],
      [{ email: 'ana\u0000@example.com' }, 'Informe um e-mail válido, como nome@empresa.com.br.'],
    ] as const) {
      expect(await refusal(await booking(changes)), JSON.stringify(changes)).toMatchObject({
        status: 400,
        code: '23514',
        message,
      })
    }
  })

  it("takes a time zone holding one as any zone that is no IANA name: the company's", async () => {
    for (const time_zone of ['America/Manaus\u0000', '\u0000', 'America/\udc00Manaus']) {
      const res = await booking({ time_zone, attribution: { 'utm\u0000': 'x\u0000' } })
      expect(res.status, JSON.stringify(time_zone)).toBe(200)
      const booked = (await res.json()) as { time_zone: string; company_time_zone: string }
      expect(booked.time_zone).toBe(booked.company_time_zone)
    }
  })

  it('opens nothing as a token, and is not counted as a page view', async () => {
    for (const name of ['booking_details', 'confirm_booking', 'cancel_booking']) {
      expect(
        await refusal(await post(name, { token: `${'a'.repeat(63)}\u0000` })),
        name,
      ).toMatchObject({ status: 404, code: 'PT404', details: 'not_found' })
    }
    const beacon = await post('count_page_view', '{"page":"/\u0000","device":"phone"}', {
      'content-type': 'text/plain',
    })
    expect(beacon.status).toBe(204)
  })
})
