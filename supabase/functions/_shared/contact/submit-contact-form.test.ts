import { describe, expect, it } from 'vitest'
import { contactFieldErrors, contactFloodErrors } from '../../../../src/content/contact-errors.ts'
import { useTestDatabase } from '../../../../tests/support/use-test-database.ts'
import { refusalId } from './contact-pages.ts'
import { MAX_FORM_BODY_BYTES, parseUrlEncoded } from './contact-form-post.ts'
import { readSiteUrl } from '../http/function-settings.ts'
import type { ContactEmail } from '../mail/render-contact-email.ts'
import {
  handleSubmitContactForm,
  type SubmitContactFormHandlerDeps,
} from './submit-contact-form.ts'

// The Edge Function's handler against a real database (PGlite with the migrations): the guard
// that decides is SQL. The mail transport is the one stand-in; the browser tests under Deno
// use a real SMTP server.
const SITE = 'https://www.aurora.test'

const db = useTestDatabase(
  `
    delete from public.contact_submissions;
    delete from private.submission_counts;
    update private.contact_settings
       set per_address_limit = 10, unknown_address_limit = 1000, min_fill_ms = 3000,
           -- As on hosted Supabase (decision 024), not as the Node server sets it.
           client_address_header = 'cf-connecting-ip', client_address_hops = 1;
  `,
)

const setup = (overrides: Partial<SubmitContactFormHandlerDeps> = {}) => {
  const sent: ContactEmail[] = []
  const deps: SubmitContactFormHandlerDeps = {
    siteUrl: SITE,
    inTransaction: (fn) => db().transaction(fn),
    query: (sql, params) => db().query(sql, params),
    sendEmail: async (email) => {
      sent.push(email)
      return { ok: true }
    },
    responseDeadlineMs: 2_000,
    ...overrides,
  }
  return { deps, sent }
}

let sequence = 0
const lead = (overrides: Record<string, string> = {}) => {
  sequence += 1
  return {
    name: 'Ana Souza',
    email: `ana.${sequence}@example.com`,
    company: '',
    message: `Quero um orçamento (${sequence}).`,
    website: '',
    elapsed_ms: '12000',
    ...overrides,
  }
}

const post = (
  deps: SubmitContactFormHandlerDeps,
  body: string | Record<string, string>,
  init: RequestInit & { headers?: Record<string, string> } = {},
  url = 'https://project.supabase.co/functions/v1/submit-contact-form',
) =>
  handleSubmitContactForm(
    new Request(url, {
      method: 'POST',
      body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
      ...init,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    }),
    deps,
  )

const storedFor = async (email: string) =>
  (
    await db().query(
      'select name, email, company, message from contact_submissions where email = $1',
      [email],
    )
  ).rows

describe('submit-contact-form', () => {
  it('stores what the browser posted, mails it once and sends the visitor to the thank-you page', async () => {
    const { deps, sent } = setup()
    const values = lead({
      name: 'Zoë "Ana" <b>',
      company: 'Padaria & Cia',
      message: 'Olá 😀\r\nLinha 2',
    })
    const response = await post(deps, values)

    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${SITE}/contato/enviada/`)
    expect(await response.text()).toBe('')
    expect(await storedFor(values.email)).toEqual([
      { name: values.name, email: values.email, company: 'Padaria & Cia', message: values.message },
    ])
    expect(sent).toHaveLength(1)
    expect(sent[0]?.replyTo?.address).toBe(values.email)
  })

  it("sends a refusal to the error page, the database's reason as its fragment", async () => {
    const { deps, sent } = setup()
    const values = lead({ name: '   ' })
    const response = await post(deps, values)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      `${SITE}/contato/erro/#${refusalId(contactFieldErrors.name.required)}`,
    )
    expect(refusalId(contactFieldErrors.name.required)).toBe('informe-o-seu-nome')
    expect(await storedFor(values.email)).toEqual([])
    expect(sent).toEqual([])
  })

  it('counts the flood limit against the address the platform forwarded', async () => {
    const { deps } = setup()
    await db().exec('update private.contact_settings set per_address_limit = 1')
    // What Supabase's edge (Cloudflare) sets on every request to a function.
    const from = { headers: { 'cf-connecting-ip': '198.51.100.23' } }
    expect((await post(deps, lead(), from)).headers.get('location')).toMatch(/enviada\/$/)
    const refused = await post(deps, lead(), from)
    expect(refused.headers.get('location')).toBe(
      `${SITE}/contato/erro/#${refusalId(contactFloodErrors.perAddress)}`,
    )
    const elsewhere = await post(deps, lead(), { headers: { 'cf-connecting-ip': '198.51.100.24' } })
    expect(elsewhere.headers.get('location')).toMatch(/enviada\/$/)
  })

  it('thanks a bot that filled the hidden field, or posted sooner than a person could, and keeps nothing', async () => {
    const { deps, sent } = setup()
    for (const values of [lead({ website: 'https://spam.example' }), lead({ elapsed_ms: '200' })]) {
      const response = await post(deps, values)
      expect(response.headers.get('location')).toBe(`${SITE}/contato/enviada/`)
      expect(await storedFor(values.email)).toEqual([])
    }
    expect(sent).toEqual([])
  })

  it('stores a form sent with no time on the page (no script ran): the honeypot and limits still hold', async () => {
    const { deps } = setup()
    const values: Record<string, string> = lead()
    delete values.elapsed_ms
    expect((await post(deps, values)).headers.get('location')).toBe(`${SITE}/contato/enviada/`)
    expect(await storedFor(values.email ?? '')).toHaveLength(1)
  })

  it('sends the visitor only to SITE_URL, whatever the request names', async () => {
    const { deps } = setup()
    const response = await post(
      deps,
      lead(),
      {
        headers: {
          referer: 'https://evil.example/phish',
          origin: 'https://evil.example',
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
        },
      },
      'https://evil.example/functions/v1/submit-contact-form?next=https://evil.example/&redirect_to=//evil.example',
    )
    expect(response.headers.get('location')).toBe(`${SITE}/contato/enviada/`)
  })

  it('sends the visitor to the error page without a reason when the database cannot be reached', async () => {
    const { deps } = setup({
      inTransaction: () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    })
    const response = await post(deps, lead())
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${SITE}/contato/erro/`)
  })

  it('still thanks the visitor when the mail server refuses: the lead is stored and retried', async () => {
    const { deps } = setup({
      sendEmail: async () => ({ ok: false, reason: 'down', permanent: false }),
    })
    const values = lead()
    expect((await post(deps, values)).headers.get('location')).toBe(`${SITE}/contato/enviada/`)
    expect(await storedFor(values.email)).toHaveLength(1)
  })

  it.each([
    ['a GET', { method: 'GET', body: null }, 405],
    ['JSON', { headers: { 'content-type': 'application/json' } }, 415],
    [
      'Latin-1',
      { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' } },
      415,
    ],
    ['a gzip body', { headers: { 'content-encoding': 'gzip' } }, 415],
  ] as const)('answers %s with a plain-text %i and stores nothing', async (_what, init, status) => {
    const { deps } = setup()
    const values = lead()
    const response = await post(
      deps,
      values,
      init as RequestInit & { headers?: Record<string, string> },
    )
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('location')).toBeNull()
    expect(await storedFor(values.email)).toEqual([])
  })

  it('refuses a body over 64 KB with 413, and bytes that are not UTF-8 with 400', async () => {
    const { deps } = setup()
    const big = lead({ message: 'x'.repeat(MAX_FORM_BODY_BYTES) })
    expect((await post(deps, big)).status).toBe(413)
    const latin1 = `name=Jos%E9&email=${encodeURIComponent(lead().email)}&message=Oi`
    expect((await post(deps, latin1)).status).toBe(400)
    expect(await db().query('select 1 from contact_submissions')).toMatchObject({ rows: [] })
  })
})

describe('parseUrlEncoded', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)

  it('reads what browsers send: + as a space, %XX as UTF-8 bytes, the first value of a name', () => {
    expect(
      parseUrlEncoded(bytes('name=Ana+Souza&message=1%2B1%3D2&emoji=%F0%9F%98%80&name=B')),
    ).toEqual([
      ['name', 'Ana Souza'],
      ['message', '1+1=2'],
      ['emoji', '😀'],
      ['name', 'B'],
    ])
  })

  it('keeps a lone % as typed, and reads empty and valueless pairs as empty strings', () => {
    expect(parseUrlEncoded(bytes('a=100%&b=%zz&c=&d&&'))).toEqual([
      ['a', '100%'],
      ['b', '%zz'],
      ['c', ''],
      ['d', ''],
    ])
  })

  it('refuses bytes that are not UTF-8, rather than storing replacement characters', () => {
    expect(parseUrlEncoded(bytes('name=%C3%28'))).toBeUndefined()
    expect(parseUrlEncoded(bytes('name=%ED%A0%80'))).toBeUndefined()
    expect(parseUrlEncoded(bytes('name=%EF%BB%BFAna'))).toEqual([['name', '\ufeffAna']])
  })
})

describe('readSiteUrl', () => {
  it('takes an http(s) address, without its trailing slash', () => {
    expect(readSiteUrl(' https://www.aurora.test/ ')).toEqual({
      ok: true,
      siteUrl: 'https://www.aurora.test',
    })
    expect(readSiteUrl('http://127.0.0.1:8080/site/')).toEqual({
      ok: true,
      siteUrl: 'http://127.0.0.1:8080/site',
    })
  })

  it.each([
    undefined,
    '',
    'www.aurora.test',
    'javascript:alert(1)',
    'https://a.test/?x=1',
    'https://u:p@a.test',
  ])('refuses %j, naming the secret to set', (value) => {
    const result = readSiteUrl(value)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problem).toMatch(/^SITE_URL .*supabase secrets set SITE_URL=/)
  })
})
