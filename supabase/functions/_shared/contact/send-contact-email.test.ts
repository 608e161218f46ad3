import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/support/use-test-database.ts'
import { headersForSql } from '../db/anon-request.ts'
import { CONTACT_LIMITS, parseContactMessage } from './contact-message.ts'
import type { SendEmailResult } from '../mail/mail-transport.ts'
import type { ContactEmail } from '../mail/render-contact-email.ts'
import { handleSendContactEmail, type SendContactEmailDeps } from './send-contact-email.ts'

// The handler against a real database (PGlite with the migrations): the claim rules are SQL.
// The mail transport is the one stand-in; tests/integration use a real SMTP server.
const SWEEP_SECRET = 'sweep-secret-for-these-tests-0123456789abcdef'

const db = useTestDatabase(
  `
    delete from public.contact_submissions;
    delete from private.mail_sends;
    delete from private.mail_claim_misses;
    update private.contact_settings set mail_per_hour = 20, per_address_limit = 10;
  `,
)

let sequence = 0
const storedMessage = async (overrides: Record<string, string | null> = {}) => {
  sequence += 1
  const message = {
    name: `Ana <b>Souza</b> ${sequence}`,
    email: `ana${sequence}@example.com`,
    company: null,
    message: `<script>alert(${sequence})</script>\nQuero um site.`,
    ...overrides,
  }
  await db().query(
    'insert into contact_submissions (name, email, company, message) values ($1, $2, $3, $4)',
    [message.name, message.email, message.company, message.message],
  )
  return message
}

const setup = (
  send: () => Promise<SendEmailResult> = async () => ({ ok: true }),
  deadlineMs = 2_000,
) => {
  const sent: ContactEmail[] = []
  const background: Promise<unknown>[] = []
  const deps: SendContactEmailDeps = {
    query: (sql, params) => db().query(sql, params),
    sendEmail: async (email) => {
      sent.push(email)
      return send()
    },
    responseDeadlineMs: deadlineMs,
    waitUntil: (work) => background.push(work),
    sweepSecret: SWEEP_SECRET,
    visitorHeaders: (req) => headersForSql(req.headers),
  }
  return { deps, sent, background }
}

const call = (deps: SendContactEmailDeps, body: unknown, init: RequestInit = {}, path = '') =>
  handleSendContactEmail(
    new Request(`http://localhost/functions/v1/send-contact-email${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://site.test' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    }),
    deps,
  )

/** The scheduler's call: the sweep path with the secret pg_cron sends. */
const sweep = (deps: SendContactEmailDeps, secret: string | null = SWEEP_SECRET) =>
  call(
    deps,
    {},
    {
      headers: {
        'content-type': 'application/json',
        origin: 'http://site.test',
        ...(secret === null ? {} : { 'x-mail-sweep-secret': secret }),
      },
    },
    '/retry',
  )

const rowFor = async (email: string) =>
  (
    await db().query<{
      notified_at: Date | null
      notify_attempts: number
      notify_error: string | null
      next_notify_at: Date | null
      notified_via: string | null
    }>(
      'select notified_at, notify_attempts, notify_error, next_notify_at, notified_via from contact_submissions where email = $1',
      [email],
    )
  ).rows[0]

describe('send-contact-email', () => {
  it('mails a stored submission once, escaped, with the visitor as Reply-To', async () => {
    const message = await storedMessage()
    const { deps, sent } = setup()
    const res = await call(deps, message)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, status: 'sent' })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.replyTo).toEqual({ name: message.name, address: message.email })
    expect(sent[0]?.html).toContain(`&lt;script&gt;alert(${sequence})&lt;/script&gt;`)
    expect(sent[0]?.html).not.toContain('<script>')
    expect(sent[0]?.text).toContain(`<script>alert(${sequence})</script>`)
    expect(await rowFor(message.email)).toMatchObject({
      notify_attempts: 1,
      notified_via: 'single',
    })

    const again = await call(deps, message)
    expect(again.status).toBe(409)
    expect(sent).toHaveLength(1)
  })

  it('keeps line breaks and bidi controls out of the subject', async () => {
    const message = await storedMessage({ name: 'Ana\u202Egnp.exe' })
    const { deps, sent } = setup()
    await call(deps, message)
    expect(sent[0]?.subject).not.toMatch(/[\r\n\u202a-\u202e\u2066-\u2069]/)
  })

  it('refuses to send anything that was not stored (no open relay)', async () => {
    const { deps, sent } = setup()
    const res = await call(deps, {
      name: 'Spam',
      email: 'victim@example.com',
      company: null,
      message: 'Buy now',
    })
    expect(res.status).toBe(409)
    expect((await res.json()).error.code).toBe('submission_not_found')
    expect(sent).toHaveLength(0)
  })

  it('refuses a caller asking again and again for mail never stored with 429, Retry-After and CORS, that caller alone', async () => {
    await db().exec('update private.contact_settings set per_address_limit = 3')
    const { deps, sent } = setup()
    const from = (address: string) => ({
      headers: {
        'content-type': 'application/json',
        origin: 'http://site.test',
        'x-forwarded-for': address,
      },
    })
    const spam = { name: 'Spam', email: 'victim@example.com', company: null, message: 'Buy now' }
    const answers = []
    for (let n = 0; n < 4; n += 1) answers.push(await call(deps, spam, from('198.51.100.7')))
    expect(answers.map((res) => res.status)).toEqual([409, 409, 409, 429])
    const refused = answers[3] as Response
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://site.test')
    expect(await refused.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message:
          'Muitos pedidos de aviso por e-mail deste endereço. Tente novamente em alguns minutos.',
      },
    })
    // Another address still has its lead mailed.
    const message = await storedMessage()
    expect((await call(deps, message, from('198.51.100.8'))).status).toBe(200)
    expect(sent).toHaveLength(1)
  })

  it('answers an invalid message with 400 and the problems found', async () => {
    const { deps, sent } = setup()
    const res = await call(deps, {
      name: 'Ana',
      email: 'a@b.co\r\nBcc: x@evil.test',
      company: null,
      message: 'Oi',
    })
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
    const res = await call(setup().deps, { name: 'x', message: 'x'.repeat(100_000) })
    expect(res.status).toBe(413)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test')
  })

  it('reports a refused mail as 502 and records the reason and a back-off for the sweep', async () => {
    const message = await storedMessage()
    const { deps } = setup(async () => ({
      ok: false,
      reason: '421 try again later',
      permanent: false,
    }))
    const res = await call(deps, message)
    expect(res.status).toBe(502)
    const row = await rowFor(message.email)
    expect(row).toMatchObject({
      notified_at: null,
      notify_attempts: 1,
      notify_error: '421 try again later',
    })
    expect(row?.next_notify_at?.getTime()).toBeGreaterThan(Date.now() + 30_000)
  })

  it('answers "queued" to a slow mail server and lets the send finish once, never twice', async () => {
    const message = await storedMessage()
    let finish: (result: SendEmailResult) => void = () => undefined
    const { deps, sent, background } = setup(() => new Promise((resolve) => (finish = resolve)), 50)
    const res = await call(deps, message)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ ok: true, status: 'queued' })
    // While the transaction is still open, nobody may pick the lead up again.
    expect(await rowFor(message.email)).toMatchObject({ notified_at: null, notify_attempts: 0 })
    expect(await (await sweep(deps)).json()).toMatchObject({ sent: 0, failed: 0 })
    finish({ ok: true })
    await Promise.all(background)
    expect(sent).toHaveLength(1)
    expect(await rowFor(message.email)).toMatchObject({
      notify_attempts: 1,
      notified_via: 'single',
    })
  })

  it('defers leads past the hourly cap and sends them as one digest', async () => {
    await db().exec('update private.contact_settings set mail_per_hour = 2')
    const { deps, sent } = setup()
    const messages = [
      await storedMessage(),
      await storedMessage(),
      await storedMessage(),
      await storedMessage(),
    ]
    const statuses = []
    for (const message of messages) statuses.push((await call(deps, message)).status)
    expect(statuses).toEqual([200, 200, 202, 202])
    expect(sent).toHaveLength(2)

    // The sweep leaves leads younger than two minutes to the visitor's request: age them.
    await db().exec("update contact_submissions set created_at = created_at - interval '3 minutes'")
    expect(await (await sweep(deps)).json()).toEqual({
      ok: true,
      sent: 1,
      failed: 0,
      leads: 2,
      refused: 0,
    })
    expect(sent).toHaveLength(3)
    expect(sent[2]?.subject).toBe('Resumo: 2 novas mensagens pelo site')
    expect(sent[2]?.text).toContain(messages[3]?.email)
    expect(sent[2]?.replyTo).toBeUndefined()
    for (const message of messages.slice(2)) {
      expect(await rowFor(message.email)).toMatchObject({ notified_via: 'digest' })
    }
    // Another sweep right after finds nothing, and no second digest within its interval.
    expect(await (await sweep(deps)).json()).toMatchObject({ sent: 0 })
  })

  it('runs the sweep only for the scheduler: anyone else gets 401 JSON with CORS and no counts', async () => {
    await db().exec('update private.contact_settings set mail_per_hour = 0')
    const message = await storedMessage()
    await db().exec("update contact_submissions set created_at = created_at - interval '3 minutes'")
    const { deps, sent } = setup()
    const refusals = [
      await sweep(deps, null),
      await sweep(deps, 'x'),
      await sweep(deps, `${SWEEP_SECRET}x`),
      await sweep(deps, SWEEP_SECRET.slice(0, -1)),
      await sweep({ ...deps, sweepSecret: undefined }, SWEEP_SECRET),
    ]
    for (const refused of refusals) {
      expect(refused.status).toBe(401)
      expect(refused.headers.get('access-control-allow-origin')).toBe('http://site.test')
      expect(await refused.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may run the mail sweep.' },
      })
    }
    expect(sent).toHaveLength(0)
    expect(await rowFor(message.email)).toMatchObject({ notified_at: null, notify_attempts: 0 })

    const allowed = await sweep(deps)
    expect(allowed.status).toBe(200)
    expect(await allowed.json()).toMatchObject({ ok: true, sent: 1, leads: 1 })
  })

  it('keeps a lead whose own e-mail the mail server refuses for good, marks it and never retries it', async () => {
    const message = await storedMessage()
    const { deps, sent } = setup(async () => ({
      ok: false,
      reason: 'Message failed: 554 5.7.1 spam',
      permanent: true,
    }))
    const res = await call(deps, message)
    expect(res.status).toBe(502)
    expect((await res.json()).error.message).toBe(
      'The mail server refused the message for good; it stays stored for the company.',
    )
    const refused = await db().query(
      `select notified_at, notify_attempts, notify_error, notify_refused_at is not null as refused,
              next_notify_at = 'infinity' as never_due
         from contact_submissions where email = $1`,
      [message.email],
    )
    expect(refused.rows).toEqual([
      {
        notified_at: null,
        notify_attempts: 1,
        notify_error: 'Message failed: 554 5.7.1 spam',
        refused: true,
        never_due: true,
      },
    ])
    // Neither the visitor's request again nor a later sweep sends it.
    await db().exec("update contact_submissions set created_at = created_at - interval '3 minutes'")
    expect((await call(deps, message)).status).toBe(409)
    expect(await (await sweep(deps)).json()).toMatchObject({ sent: 0, failed: 0 })
    expect(sent).toHaveLength(1)
  })

  it('keeps the back-off for a digest that fails for now, without splitting it', async () => {
    await db().exec('update private.contact_settings set mail_per_hour = 0')
    await storedMessage()
    await storedMessage()
    await db().exec("update contact_submissions set created_at = created_at - interval '3 minutes'")
    const { deps, sent } = setup(async () => ({
      ok: false,
      reason: '451 4.3.0 try later',
      permanent: false,
    }))
    expect(await (await sweep(deps)).json()).toEqual({
      ok: true,
      sent: 0,
      failed: 1,
      leads: 0,
      refused: 0,
    })
    expect(sent).toHaveLength(1)
    const rows = await db().query(
      `select notify_attempts, notify_refused_at, next_notify_at > now() as waiting
         from contact_submissions`,
    )
    expect(rows.rows).toEqual([
      { notify_attempts: 1, notify_refused_at: null, waiting: true },
      { notify_attempts: 1, notify_refused_at: null, waiting: true },
    ])
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
  const message = { name: 'Ana', email: 'ana@example.com', company: null, message: 'Oi' }

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
