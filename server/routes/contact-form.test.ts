import { JSDOM } from 'jsdom'
import { beforeEach, describe, expect, it } from 'vitest'
import { contactFieldErrors, contactFloodErrors } from '../../src/content/contact-errors.ts'
import { CONTACT_TEMPLATE_SLOTS } from '../../src/entry-server.tsx'
import type { ContactEmail } from '#shared/mail/render-contact-email.ts'
import {
  CONTACT_PAGE_POLICY as PAGE_POLICY,
  CONTACT_PAGE_TEXT,
  useContactPageSite,
} from '../../tests/support/contact-page-site.ts'
import { createTestApp } from '../../tests/support/test-app.ts'
import { applyContactLimits } from '../db/contact-limits.ts'
import type { Database } from '../db/database.ts'

const page = useContactPageSite()

const VISITOR = '203.0.113.9'

const sent: ContactEmail[] = []

beforeEach(async () => {
  sent.length = 0
  await applyContactLimits(page.db, { RATE_LIMIT_PER_ADDRESS: 100, FORM_MIN_FILL_MS: 3000 })
  await page.db.exec('delete from private.submission_counts')
})

const app = (overrides: Parameters<typeof createTestApp>[1] = {}) =>
  createTestApp(page.db, {
    site: page.site,
    contactPage: page.template,
    clientAddress: () => VISITOR,
    sendEmail: async (email) => {
      sent.push(email)
      return { ok: true }
    },
    ...overrides,
  })

let sequence = 0
const lead = (overrides: Record<string, string> = {}) => {
  sequence += 1
  return {
    name: 'Ana Souza',
    email: `ana.form.${sequence}@example.com`,
    company: '',
    message: `Quero um orçamento (${sequence}).`,
    website: '',
    ...overrides,
  }
}

const post = (
  body: string | Record<string, string>,
  headers: Record<string, string> = {},
  target = app(),
  path = '/contato',
) =>
  target.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  })

const storedFor = async (email: string) =>
  (
    await page.db.query(
      'select name, email, company, message, client_ip from contact_submissions where email = $1',
      [email],
    )
  ).rows

/** The page the server answered with, as the browser reads it. */
const pageOf = async (response: Response) => new JSDOM(await response.text()).window.document

const fieldValue = (doc: Document, name: string) =>
  (doc.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement | null)?.value

describe('POST /contato', () => {
  it('stores the form as the REST insert would, mails it once and sends the visitor on with 303', async () => {
    const values = lead({ name: 'Zoë d’Ávila', company: 'Pão & Cia', message: '1+1=2 😀\r\nFim' })
    const response = await post(values, { 'x-forwarded-for': '198.51.100.1' })

    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contato/enviada/')
    // The address the server trusts, not the one the request named.
    expect(await storedFor(values.email)).toEqual([
      {
        name: values.name,
        email: values.email,
        company: values.company,
        message: values.message,
        client_ip: VISITOR,
      },
    ])
    expect(sent).toHaveLength(1)
    expect(sent[0]?.replyTo?.address).toBe(values.email)
  })

  it('takes /contato/ as well', async () => {
    const values = lead()
    const response = await post(values, {}, app(), '/contato/')
    expect(response.status).toBe(303)
    expect(await storedFor(values.email)).toHaveLength(1)
  })

  it("shows the form again with 400, the spec's wording with the database's reason, and what was typed", async () => {
    const values = lead({ name: '   ', company: 'Acme', message: 'Olá,\nquero um site.' })
    const response = await post(values)

    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toBe(
      `${PAGE_POLICY}; frame-ancestors 'none'`,
    )
    const doc = await pageOf(response)
    const alert = doc.querySelector('[role="alert"]:not([hidden])')
    expect(alert?.textContent).toBe(
      `Erro ao enviar mensagem. Tente novamente.Erro ao salvar no banco de dados: ${contactFieldErrors.name.required}`,
    )
    expect(alert?.closest('[data-island]')).toBeNull()
    expect(doc.title).toMatch(/^Erro ao enviar mensagem\. Tente novamente\./)
    for (const name of ['name', 'email', 'company', 'message'] as const) {
      expect(fieldValue(doc, name), name).toBe(values[name])
    }
    expect(await storedFor(values.email)).toEqual([])
    expect(sent).toEqual([])
  })

  it('answers a flood with 429 and Retry-After, and the form again', async () => {
    await applyContactLimits(page.db, { RATE_LIMIT_PER_ADDRESS: 1 })
    expect((await post(lead())).status).toBe(303)
    const values = lead()
    const response = await post(values)
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const doc = await pageOf(response)
    expect(doc.querySelector('[role="alert"]:not([hidden])')?.textContent).toContain(
      `Erro ao salvar no banco de dados: ${contactFloodErrors.perAddress}`,
    )
    expect(fieldValue(doc, 'message')).toBe(values.message)
  })

  it('refuses a network the company blocked with 403 and its words, keeping what was typed, and lets the rest through', async () => {
    await page.db.query(`select private.block_network('203.0.113.0/24', 'teste')`)
    try {
      const values = lead()
      const response = await post(values)
      expect(response.status).toBe(403)
      const doc = await pageOf(response)
      expect(doc.querySelector('[role="alert"]:not([hidden])')?.textContent).toContain(
        'Erro ao salvar no banco de dados: Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.',
      )
      expect(fieldValue(doc, 'message')).toBe(values.message)
      expect(await storedFor(values.email)).toEqual([])
      expect(sent).toEqual([])
      const elsewhere = lead()
      const other = await post(elsewhere, {}, app({ clientAddress: () => '198.51.100.9' }))
      expect(other.status).toBe(303)
      expect(await storedFor(elsewhere.email)).toHaveLength(1)
    } finally {
      await page.db.query('delete from private.blocked_networks')
    }
  })

  it("answers 503 and the spec's generic error when the database cannot be reached", async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const unreachable: Database = { ...page.db, transaction: () => Promise.reject(down) }
    const values = lead()
    const response = await post(values, {}, app({ db: unreachable }))
    expect(response.status).toBe(503)
    const doc = await pageOf(response)
    expect(doc.querySelector('[role="alert"]:not([hidden])')?.textContent).toBe(
      'Erro ao enviar mensagem. Tente novamente.Ocorreu um erro inesperado.',
    )
    expect(fieldValue(doc, 'email')).toBe(values.email)
  })

  it('thanks a bot that filled the hidden field or posted on load, stores no lead and mails nothing, keeping it in quarantine', async () => {
    const bots = [lead({ website: 'https://spam.example' }), lead({ elapsed_ms: '150' })]
    for (const values of bots) {
      const response = await post(values)
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/contato/enviada/')
      expect(await storedFor(values.email)).toEqual([])
    }
    const quarantined = await page.db.query<{ email: string; reason: string }>(
      'select email, reason from private.quarantined_submissions where email = any($1) order by reason',
      [bots.map((values) => values.email)],
    )
    expect(quarantined.rows.map((row) => row.reason)).toEqual(['too_fast', 'trap_filled'])
    expect(sent).toEqual([])
  })

  it('writes hostile values back into the page as text, never as markup', async () => {
    const hostile = {
      name: "Ana \"><script>alert(1)</script> & Cia 'x'",
      email: 'not-an-email"><img src=x onerror=alert(1)>',
      company: `Linha 1\r\nBcc: x@evil.test ${CONTACT_TEMPLATE_SLOTS.description}`,
      message: `\n${'😀'.repeat(5000)}</textarea><script>alert(2)</script>&amp; ${CONTACT_TEMPLATE_SLOTS.name}`,
    }
    const response = await post(lead(hostile))
    expect(response.status).toBe(400)
    const html = await response.text()
    const doc = new JSDOM(html).window.document
    expect(doc.querySelectorAll('script:not([type])')).toHaveLength(0)
    expect(doc.querySelectorAll('img')).toHaveLength(0)
    expect(fieldValue(doc, 'name')).toBe(hostile.name)
    expect(fieldValue(doc, 'email')).toBe(hostile.email)
    // The browser drops line breaks from a one-line field's value; the text is all there.
    expect(fieldValue(doc, 'company')).toBe(hostile.company.replace(/\r\n/g, ''))
    // A textarea's value keeps the leading line break and every emoji, as typed.
    expect(fieldValue(doc, 'message')).toBe(hostile.message)
    // A value that looks like a placeholder stays a value: the refusal is said once, as is.
    expect(doc.querySelector('[role="alert"]:not([hidden])')?.textContent).toBe(
      `Erro ao enviar mensagem. Tente novamente.Erro ao salvar no banco de dados: ${contactFieldErrors.email.invalid}`,
    )
  })

  it('reads a form posted in UTF-8 only, of at most 64 KB, and nothing else', async () => {
    const email = lead().email
    const cases: [string, RequestInit, number][] = [
      ['JSON', { headers: { 'content-type': 'application/json' }, body: '{}' }, 415],
      [
        'multipart',
        { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
        415,
      ],
      [
        'Latin-1',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=ISO-8859-1' },
          body: `email=${email}`,
        },
        415,
      ],
      [
        'bytes that are not UTF-8',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `name=Jos%E9&email=${email}&message=Oi`,
        },
        400,
      ],
      [
        'a body over 64 KB',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(lead({ email, message: 'x'.repeat(70_000) })).toString(),
        },
        413,
      ],
    ]
    for (const [what, init, status] of cases) {
      const response = await app().request('/contato', { method: 'POST', ...init })
      expect(response.status, what).toBe(status)
      expect(response.headers.get('content-type'), what).toMatch(/^text\/plain/)
    }
    expect(await storedFor(email)).toEqual([])
  })

  it('leaves GET to the page itself and refuses other methods with 405', async () => {
    for (const path of ['/contato', '/contato/']) {
      const page = await app().request(path)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(CONTACT_PAGE_TEXT)
    }
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await app().request('/contato', { method })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    }
  })

  it('says a refusal in plain text when the build wrote no contact page', async () => {
    const response = await post(lead({ name: ' ' }), {}, app({ contactPage: undefined }))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe(`${contactFieldErrors.name.required}\n`)
  })
})
