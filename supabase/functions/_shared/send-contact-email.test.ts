import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS, parseContactMessage } from './contact-message.ts'
import type { ContactEmail } from './render-contact-email.ts'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
  type SendEmailResult,
} from './send-contact-email.ts'

const message = {
  name: 'Ana <b>Souza</b>',
  email: 'ana@example.com',
  company: null,
  message: '<script>alert(1)</script>\nQuero um site.',
}

const setup = (
  options: { stored?: boolean; send?: () => Promise<SendEmailResult>; timeoutMs?: number } = {},
) => {
  const sent: ContactEmail[] = []
  const notified: string[] = []
  const failed: string[] = []
  const deps: SendContactEmailDeps = {
    findPendingSubmission: async () => (options.stored === false ? null : 'row-1'),
    sendEmail: async (email) => {
      sent.push(email)
      return options.send ? options.send() : { ok: true }
    },
    markNotified: async (id) => {
      notified.push(id)
    },
    markFailed: async (id) => {
      failed.push(id)
    },
    sendTimeoutMs: options.timeoutMs,
  }
  return { deps, sent, notified, failed }
}

const call = (deps: SendContactEmailDeps, body: unknown, init: RequestInit = {}) =>
  handleSendContactEmail(
    new Request('http://localhost/functions/v1/send-contact-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://site.test' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    }),
    deps,
  )

describe('send-contact-email', () => {
  it('mails a stored submission once, escaped, with the visitor as Reply-To', async () => {
    const { deps, sent, notified } = setup()
    const res = await call(deps, message)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.replyTo).toEqual({ name: 'Ana <b>Souza</b>', address: 'ana@example.com' })
    expect(sent[0]?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(sent[0]?.html).not.toContain('<script>')
    expect(sent[0]?.text).toContain('<script>alert(1)</script>')
    expect(notified).toEqual(['row-1'])
  })

  it('keeps line breaks and bidi controls out of the subject', async () => {
    const { deps, sent } = setup()
    await call(deps, { ...message, name: 'Ana\u202Egnp.exe' })
    expect(sent[0]?.subject).not.toMatch(/[\r\n\u202a-\u202e\u2066-\u2069]/)
  })

  it('refuses to send anything that was not stored (no open relay)', async () => {
    const { deps, sent } = setup({ stored: false })
    const res = await call(deps, message)
    expect(res.status).toBe(409)
    expect((await res.json()).error.code).toBe('submission_not_found')
    expect(sent).toHaveLength(0)
  })

  it('answers an invalid message with 400 and the problems found', async () => {
    const { deps, sent } = setup()
    const res = await call(deps, { ...message, email: 'a@b.co\r\nBcc: x@evil.test' })
    expect(res.status).toBe(400)
    expect((await res.json()).error.issues).toEqual([{ field: 'email', problem: 'invalid' }])
    expect(sent).toHaveLength(0)
  })

  it('answers invalid JSON with 400 JSON', async () => {
    const res = await call(setup().deps, '}{')
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('invalid_json')
  })

  it('answers an oversized body with 413 before parsing it', async () => {
    const res = await call(setup().deps, { ...message, message: 'x'.repeat(100_000) })
    expect(res.status).toBe(413)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
  })

  it('reports a refused mail as 502 and leaves the row for the retry job', async () => {
    const { deps, notified, failed } = setup({
      send: async () => ({ ok: false, reason: 'refused' }),
    })
    const res = await call(deps, message)
    expect(res.status).toBe(502)
    expect(notified).toEqual([])
    expect(failed).toEqual(['row-1'])
  })

  it('gives up on a hanging mail server with 504', async () => {
    const { deps } = setup({ send: () => new Promise(() => {}), timeoutMs: 20 })
    const res = await call(deps, message)
    expect(res.status).toBe(504)
    expect((await res.json()).error.code).toBe('email_timeout')
  })

  it('answers the preflight with ok and CORS headers, and other methods with 405 JSON', async () => {
    const preflight = await call(setup().deps, '', { method: 'OPTIONS', body: null })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const get = await call(setup().deps, '', { method: 'GET', body: null })
    expect(get.status).toBe(405)
    expect((await get.json()).error.code).toBe('method_not_allowed')
  })
})

describe('parseContactMessage', () => {
  it('counts code points, so 5000 emoji fit and 5001 characters do not', () => {
    expect(
      parseContactMessage({ ...message, message: '😀'.repeat(CONTACT_LIMITS.message) }).ok,
    ).toBe(true)
    expect(
      parseContactMessage({ ...message, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }),
    ).toEqual({
      ok: false,
      issues: [{ field: 'message', problem: 'too_long' }],
    })
  })

  it('turns an empty company into null and keeps values as typed', () => {
    expect(parseContactMessage({ ...message, name: ' Ana ', company: '' })).toEqual({
      ok: true,
      value: { ...message, name: ' Ana ', company: null },
    })
  })

  it('reports every missing field of a non-object', () => {
    const result = parseContactMessage('x')
    expect(result.ok).toBe(false)
  })
})
