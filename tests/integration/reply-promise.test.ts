/**
 * The page's promise to answer within 24 hours, kept end to end: two Node servers on one
 * PostgreSQL 15 (as behind a load balancer), a real SMTP server and real webhook receivers. The
 * promise here is a few seconds long on the wall clock (REPLY_PROMISE_HOURS and
 * REPLY_ALERT_AFTER_HOURS take fractions, REPLY_CLOCK=clock), so a lead goes overdue while the
 * test watches; the last test counts office hours, of an office that opened minutes ago.
 */
import { randomBytes } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tableRow, writeHostileSectionAfterAll } from '../support/hostile-table.ts'
import { company } from '#shared/company/company.ts'
import { companyName } from '#shared/company/company-name.ts'
import { createJsonLogger } from '../../server/log.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { bookConfirmedThroughApi, bookThroughApi, freeTimesOf } from '../support/booking-api.ts'
import { createDeskClient, type DeskClient } from '../support/desk-client.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const PASSWORD = 'correto cavalo bateria grampo'
const INBOX = 'equipe@empresa.example'
const SENDER = 'site@empresa.example'
/** 9 s to the alert, 18 s to the deadline: long enough for a busy machine to store a lead. */
const ALERT_AFTER_HOURS = 0.0025
const PROMISE_HOURS = 0.005
const ALERT_WAIT = { timeoutMs: 60_000, intervalMs: 200 }

let postgres: PostgresDatabase
let smtp: SmtpCatcher
let n8n: WebhookReceiver
let slack: WebhookReceiver
let servers: RunningServer[] = []
let desk: DeskClient

beforeAll(async () => {
  ;[postgres, smtp, n8n, slack] = await Promise.all([
    createPostgresDatabase(),
    startSmtpCatcher(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ])
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      CONTACT_TO: INBOX,
      MAIL_FROM: SENDER,
      TRUST_PROXY: 'loopback',
      ADMIN_PASSWORD: PASSWORD,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_URLS: `${n8n.url}/webhook/n8n\n${slack.url}/services/T/B/x#slack`,
      REPLY_PROMISE_HOURS: String(PROMISE_HOURS),
      REPLY_ALERT_AFTER_HOURS: String(ALERT_AFTER_HOURS),
      // Seconds on the wall clock; the office's hours are the last test's (decision 070).
      REPLY_CLOCK: 'clock',
    },
    { webhookSweepIntervalMs: 200, pipelineWatchIntervalMs: 300, webhookTimeoutMs: 4_000 },
  )
  const log = createJsonLogger(() => {})
  servers = await Promise.all([startServer(settings, log), startServer(settings, log)])
  desk = createDeskClient((path, init) => fetch(`${servers[1]?.url}${path}`, init))
  expect((await desk.signIn(PASSWORD)).status).toBe(303)
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres, smtp, n8n, slack].map((part) => part?.stop()))
})

const db = () => (servers[0] as RunningServer).db

beforeEach(() => {
  smtp.messages.length = 0
  n8n.received.length = 0
  slack.received.length = 0
})

let sequence = 0
/** A visitor's message through the site's insert, as anon; answers its id. */
const sendLead = async (overrides: Record<string, unknown> = {}) => {
  sequence += 1
  const email =
    typeof overrides.email === 'string'
      ? overrides.email
      : `pessoa.${sequence}.${randomBytes(3).toString('hex')}@example.com`
  const response = await fetch(`${servers[sequence % 2]?.url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      prefer: 'return=minimal',
      'x-forwarded-for': `198.51.100.${sequence % 250}`,
    },
    body: JSON.stringify({
      name: `Ana Souza ${sequence}`,
      email,
      company: 'Padaria Pão Quente',
      message: `Quero um orçamento.\nLinha dois (${sequence}).`,
      ...overrides,
    }),
  })
  expect(response.status).toBe(201)
  // The newest: an address that booked a meeting before has that meeting's lead too.
  const { rows } = await db().query<{ id: string }>(
    'select id from public.contact_submissions where email = $1 order by created_at desc limit 1',
    [email],
  )
  return { id: rows[0]?.id ?? '', email }
}

/**
 * A lead from an address whose inbox confirmed a meeting before (decision 060): a reply to it
 * quotes the message. The meeting came first, so it does not answer the lead.
 */
const sendConfirmedLead = async () => {
  const email = `confirmada.${randomBytes(3).toString('hex')}@example.com`
  const { slots } = await freeTimesOf(servers[0]?.url ?? '')
  await bookConfirmedThroughApi(
    {
      url: servers[0]?.url ?? '',
      query: async <T>(sql: string, params: unknown[] = []) =>
        (await db().query(sql, params)).rows as T[],
    },
    slots.at(-1) ?? '',
    email,
  )
  return sendLead({ email })
}

const leadRow = async (id: string) =>
  (
    await db().query<{
      first_answered_at: Date | null
      first_answer_via: string | null
      overdue_alerted_at: Date | null
    }>(
      'select first_answered_at, first_answer_via, overdue_alerted_at from public.contact_submissions where id = $1',
      [id],
    )
  ).rows[0]

/** The reply form's fields as the lead's page renders them. */
const replyForm = async (leadId: string, template?: string) => {
  const page = await (
    await desk.request(`/painel/contatos/${leadId}${template ? `?modelo=${template}` : ''}`)
  ).text()
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? ''
  return { page, formKey: field('form_key'), subject: field('subject') }
}

const mailTo = (email: string) =>
  smtp.messages.filter(
    (mail) => mail.to && 'value' in mail.to && mail.to.value[0]?.address === email,
  )

const alertsAbout = (email: string) =>
  smtp.messages.filter(
    (mail: ParsedMail) =>
      mail.replyTo?.value[0]?.address === email && /sem resposta/.test(mail.subject ?? ''),
  )

const overdueEvents = (receiver: WebhookReceiver, leadId: string) =>
  receiver.received.filter((request) => {
    const body = JSON.parse(request.body) as { type?: string; data?: { lead?: { id?: string } } }
    return body.type === 'lead.overdue' && body.data?.lead?.id === leadId
  })

/** Slack gets a readable message, not the event: found by its title and the lead's address. */
const overdueMessages = (receiver: WebhookReceiver, email: string) =>
  receiver.received.filter((request) => {
    const body = JSON.parse(request.body) as { text?: string }
    // The title is Slack's notification text; the lead is in the message's rich text.
    return body.text?.includes('Contato ainda sem resposta') && request.body.includes(email)
  })

describe('answering a lead from the desk', () => {
  it('sends the team’s reply to the visitor from the company, the message quoted, and records the first answer', async () => {
    const lead = await sendConfirmedLead()
    const form = await replyForm(lead.id)
    expect(form.page).toContain('id="responder"')
    expect(form.subject).toBe(`Re: sua mensagem para ${companyName.the}`)
    const text = 'Olá, Ana!\n\nPodemos conversar amanhã às 10h?'
    const posted = await desk.post(`/painel/contatos/${lead.id}/responder`, {
      form_key: form.formKey,
      template: 'primeira-resposta',
      subject: form.subject,
      body: text,
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(
      `/painel/contatos/${lead.id}?aviso=resposta-enviada`,
    )

    const [mail] = await waitFor(
      'the reply to reach the visitor',
      () => mailTo(lead.email),
      (m) => m.length === 1,
    )
    expect(mail?.from?.value[0]).toEqual({ name: company.name, address: SENDER })
    expect(mail?.replyTo?.value[0]).toEqual({ name: company.name, address: INBOX })
    expect(mail?.subject).toBe(`Re: sua mensagem para ${companyName.the}`)
    expect(mail?.text).toContain('Podemos conversar amanhã às 10h?')
    expect(mail?.text).toMatch(/escreveu:\n> Quero um orçamento\.\n> Linha dois/)
    expect(mail?.text).toContain(company.phone)
    expect(String(mail?.html)).toContain('<blockquote')
    expect(mail?.headers.get('x-lead-id')).toBe(lead.id)

    expect(await leadRow(lead.id)).toMatchObject({ first_answer_via: 'resposta' })
    const page = await (await desk.request(`/painel/contatos/${lead.id}`)).text()
    expect(page).toContain('Resposta enviada: “Re: sua mensagem')
    expect(page).toMatch(/Respondido em (menos de 1 min|\d+ min) \(resposta pelo painel\)/)
    expect(page).not.toContain('Marcar como respondido')
  })

  it('sends a form posted twice (a double click, Back and send again) once', async () => {
    const lead = await sendLead()
    const form = await replyForm(lead.id, 'pedir-detalhes')
    const fields = {
      form_key: form.formKey,
      template: 'pedir-detalhes',
      subject: form.subject,
      body: 'Pode contar um pouco mais sobre o projeto?',
    }
    const answers = await Promise.all([
      desk.post(`/painel/contatos/${lead.id}/responder`, fields),
      desk.post(`/painel/contatos/${lead.id}/responder`, fields),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    await waitFor(
      'the reply',
      () => mailTo(lead.email),
      (m) => m.length >= 1,
    )
    // Every server's watch sweeps meanwhile: still one.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(mailTo(lead.email)).toHaveLength(1)
    const { rows } = await db().query('select 1 from private.lead_replies where lead_id = $1', [
      lead.id,
    ])
    expect(rows).toHaveLength(1)
  })

  it('fills a template with the visitor’s first name and the agenda', async () => {
    const lead = await sendLead()
    const form = await replyForm(lead.id, 'propor-conversa')
    expect(form.page).toMatch(/Olá, Ana!/)
    expect(form.page).toContain('/agendar')
  })
})

/** What a hostile or careless form sends to the reply route, and what must come of it. */
interface HostileReply {
  label: string
  fields: (formKey: string) => Record<string, string>
  /** Posts somewhere else than the lead's own route (a lead that does not exist). */
  leadId?: string
  csrf?: false
  status: number
  answer: string
  /** The reply that reaches the visitor, if one does. */
  sent?: { subject: string; body: string }
}

const NO_LEAD = '00000000-0000-4000-8000-000000000000'
const HOSTILE_REPLIES: HostileReply[] = [
  {
    label: 'a subject with CR/LF and a Bcc header',
    fields: (key) => ({
      form_key: key,
      subject: 'Assunto\r\nBcc: alvo@example.com',
      body: 'Texto.',
    }),
    status: 303,
    answer: 'sent, the subject on one line, no Bcc',
    sent: { subject: 'Assunto Bcc: alvo@example.com', body: 'Texto.' },
  },
  {
    label: 'a recipient named in the form (to, email, cc)',
    fields: (key) => ({
      form_key: key,
      subject: 'Assunto',
      body: 'Texto da equipe.',
      to: 'alvo@example.com',
      email: 'alvo@example.com',
      cc: 'alvo@example.com',
    }),
    status: 303,
    answer: "sent to the lead's own address only",
    sent: { subject: 'Assunto', body: 'Texto da equipe.' },
  },
  {
    label: 'a body with a NUL byte and markup',
    fields: (key) => ({ form_key: key, subject: 'Assunto', body: 'Oi\u0000 <script>x</script>' }),
    status: 303,
    answer: 'sent without the NUL, the markup as text',
    sent: { subject: 'Assunto', body: 'Oi <script>x</script>' },
  },
  {
    label: 'a subject of spaces',
    fields: (key) => ({ form_key: key, subject: '   ', body: 'Texto' }),
    status: 303,
    answer: 'resposta-incompleta, nothing sent',
  },
  {
    label: 'a body of line breaks',
    fields: (key) => ({ form_key: key, subject: 'Assunto', body: '\n \n' }),
    status: 303,
    answer: 'resposta-incompleta, nothing sent',
  },
  {
    label: 'a subject of 201 characters',
    fields: (key) => ({ form_key: key, subject: 'A'.repeat(201), body: 'Texto' }),
    status: 303,
    answer: 'resposta-incompleta, nothing sent',
  },
  {
    label: 'a body of 10 001 characters',
    fields: (key) => ({ form_key: key, subject: 'Assunto', body: 'x'.repeat(10_001) }),
    status: 303,
    answer: 'resposta-incompleta, nothing sent',
  },
  {
    label: 'a form key with SQL',
    fields: () => ({ form_key: "' or 1=1 --", subject: 'Assunto', body: 'Texto' }),
    status: 303,
    answer: 'resposta-incompleta, nothing sent',
  },
  {
    label: 'a lead that does not exist',
    fields: (key) => ({ form_key: key, subject: 'Assunto', body: 'Texto' }),
    leadId: NO_LEAD,
    status: 404,
    answer: 'the desk\'s "not found" page',
  },
  {
    label: 'no CSRF token',
    fields: (key) => ({ form_key: key, subject: 'Assunto', body: 'Texto' }),
    csrf: false,
    status: 403,
    answer: 'refused, nothing sent',
  },
]

describe('a reply form sent with hostile values', () => {
  const observed: { label: string; status: number; answer: string }[] = []
  writeHostileSectionAfterAll('Replies from the desk', () => [
    '## Replies from the desk',
    '',
    'Generated by `tests/integration/reply-promise.test.ts` (two servers on PostgreSQL 15, a real',
    'SMTP server, signed in): what the reply form (`POST /painel/contatos/:id/responder`) does',
    "with each value. The recipient is never a form field: the claim reads the lead's own",
    'address (decision 051), and the database checks the subject and text again.',
    '',
    '| # | input | status | answer |',
    '| - | ----- | ------ | ------ |',
    ...observed.map((o, n) => tableRow([n + 1, o.label, o.status, o.answer])),
  ])

  for (const hostile of HOSTILE_REPLIES) {
    it(`answers ${hostile.label}: ${hostile.answer}`, async () => {
      const lead = await sendLead()
      const form = await replyForm(lead.id)
      const target = hostile.leadId ?? lead.id
      const posted = await desk.post(
        `/painel/contatos/${target}/responder`,
        hostile.fields(form.formKey),
        hostile.csrf === false ? { csrf: false } : {},
      )
      expect(posted.status).toBe(hostile.status)
      if (hostile.sent) {
        const [mail] = await waitFor(
          'the reply',
          () => mailTo(lead.email),
          (m) => m.length === 1,
        )
        expect(mail?.subject).toBe(hostile.sent.subject)
        expect(mail?.text?.startsWith(hostile.sent.body)).toBe(true)
        expect(mail?.bcc).toBeUndefined()
        expect(mail?.cc).toBeUndefined()
        expect(mail?.to && 'value' in mail.to ? mail.to.value.map((a) => a.address) : []).toEqual([
          lead.email,
        ])
        expect(String(mail?.html)).not.toContain('<script>')
      } else {
        if (hostile.status === 303) {
          expect(posted.headers.get('location')).toBe(
            `/painel/contatos/${lead.id}?aviso=resposta-incompleta`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(mailTo(lead.email)).toHaveLength(0)
        expect(await leadRow(lead.id)).toMatchObject({ first_answered_at: null })
      }
      expect(smtp.messages.some((m) => JSON.stringify(m.to).includes('alvo@example.com'))).toBe(
        false,
      )
      observed.push({ label: hostile.label, status: posted.status, answer: hostile.answer })
    })
  }
})

describe('other answers count too', () => {
  it('a lead marked answered from the team’s own mail client, in one click', async () => {
    const lead = await sendLead()
    const first = await desk.post(`/painel/contatos/${lead.id}/respondido`)
    expect(first.headers.get('location')).toBe(`/painel/contatos/${lead.id}?aviso=respondido`)
    const again = await desk.post(`/painel/contatos/${lead.id}/respondido`)
    expect(again.headers.get('location')).toBe(`/painel/contatos/${lead.id}?aviso=ja-respondido`)
    expect(await leadRow(lead.id)).toMatchObject({ first_answer_via: 'manual' })
    const page = await (await desk.request(`/painel/contatos/${lead.id}`)).text()
    expect(page).toContain('Primeira resposta registrada: marcado como respondido.')
  })

  it('a lead the team moved to "em contato"', async () => {
    const lead = await sendLead()
    await desk.post(`/painel/contatos/${lead.id}/situacao`, { status: 'em_contato' })
    expect(await leadRow(lead.id)).toMatchObject({ first_answer_via: 'situacao' })
  })

  it('a meeting booked by the person who wrote, and the booking’s own lead', async () => {
    const lead = await sendLead()
    const { slots } = await freeTimesOf(servers[0]?.url ?? '')
    const booking = await bookThroughApi(servers[0]?.url ?? '', slots.at(-1) ?? '', lead.email)
    expect(await leadRow(lead.id)).toMatchObject({ first_answer_via: 'reuniao' })
    const { rows } = await db().query<{ first_answer_via: string }>(
      'select s.first_answer_via from public.bookings b join public.contact_submissions s on s.id = b.lead_id where b.id = $1',
      [booking.id],
    )
    expect(rows[0]?.first_answer_via).toBe('reuniao')
  })
})

describe('before the promise breaks', () => {
  it('alerts the company once per lead, by e-mail and webhook, with two servers watching; never for spam or quarantine', async () => {
    const waiting = await sendLead()
    const spam = await sendLead()
    await desk.post(`/painel/contatos/${spam.id}/situacao`, { status: 'spam' })
    // Sent too fast after the page opened: quarantined, not a lead.
    await sendLead({ name: 'Robô', form_elapsed_ms: 10 })
    const answered = await sendLead()
    await desk.post(`/painel/contatos/${answered.id}/respondido`)

    const [alert] = await waitFor(
      'the alert about the waiting lead',
      () => alertsAbout(waiting.email),
      (alerts) => alerts.length === 1,
      ALERT_WAIT,
    )
    expect(alert?.to && 'value' in alert.to && alert.to.value[0]?.address).toBe(INBOX)
    expect(alert?.subject).toMatch(/^Contato sem resposta há .+: Ana Souza/)
    expect(alert?.text).toContain('O site promete resposta em até')
    expect(alert?.text).toContain(`/painel/contatos/${waiting.id}`)
    expect(alert?.text).toContain('> Quero um orçamento.')

    await waitFor(
      'the lead.overdue webhook on both receivers',
      () => [overdueEvents(n8n, waiting.id).length, overdueMessages(slack, waiting.email).length],
      (counts) => counts.every((count) => count === 1),
      ALERT_WAIT,
    )
    const [event] = overdueEvents(n8n, waiting.id)
    const verified = new Webhook(SECRET).verify(event?.body ?? '', event?.headers ?? {}) as {
      data: { lead: Record<string, unknown> }
    }
    expect(verified.data.lead).toMatchObject({
      id: waiting.id,
      email: waiting.email,
      promise_hours: PROMISE_HOURS,
      deadline_at: expect.stringMatching(/Z$/),
      deadline_at_local: expect.stringMatching(/[+-]\d{2}:\d{2}$/),
    })
    expect(overdueMessages(slack, waiting.email)[0]?.body).toContain('Prazo de resposta:')

    // Past the deadline, many watches of both servers later: still one of each, none for the
    // others. The alert came on time by the clock; the 9 s from it to the deadline pass in the
    // database, the watches in real time.
    await db().query(
      'update public.contact_submissions set created_at = created_at - make_interval(secs => $2) where id = any($1::uuid[])',
      [
        [waiting, spam, answered].map((lead) => lead.id),
        (PROMISE_HOURS - ALERT_AFTER_HOURS) * 3_600 + 1,
      ],
    )
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(alertsAbout(waiting.email)).toHaveLength(1)
    expect(overdueEvents(n8n, waiting.id)).toHaveLength(1)
    expect(overdueMessages(slack, waiting.email)).toHaveLength(1)
    for (const other of [spam, answered]) {
      expect(alertsAbout(other.email)).toHaveLength(0)
      expect(await leadRow(other.id)).toMatchObject({ overdue_alerted_at: null })
    }
    const events = await db().query<{ n: number }>(
      "select count(*)::int as n from private.webhook_events where type = 'lead.overdue' and lead_id = $1",
      [waiting.id],
    )
    expect(events.rows[0]?.n).toBe(1)

    const page = await (await desk.request(`/painel/contatos/${waiting.id}`)).text()
    expect(page).toMatch(/Sem resposta há .+: o prazo venceu às/)
    expect(page).toContain('A equipe foi avisada por e-mail e webhook')
    await desk.post('/painel/filtro', { answer: 'atrasado' })
    const list = await (await desk.request('/painel/contatos')).text()
    expect(list).toContain(`/painel/contatos/${waiting.id}`)
    expect(list).not.toContain(`/painel/contatos/${answered.id}`)
    expect(list).toContain('atrasado: esperando há')
    await desk.post('/painel/filtro', { clear: '1' })
  }, 120_000)

  it('alerts a lead sent near closing time in the next working hours, not at night (REPLY_CLOCK=business)', async () => {
    // The office opens an hour a day, every day, in a whole-hour zone where it is day now: it
    // opened a few seconds short of the alert's office minutes ago. A lead sent 5 minutes
    // before the last closing has waited all night, far past the 9 minutes on the wall clock;
    // in office hours its alert comes 4 minutes after the opening, seconds from now.
    const [alertHours, promiseHours] = [0.15, 0.5]
    const { rows: saved } = await db().query<Record<string, unknown>>(
      `select b.time_zone, b.weekdays, b.opens, b.closes, b.close_on_carnaval,
              b.close_on_corpus_christi, r.tracked_since, r.weekly_summary
         from private.booking_settings b, private.reply_settings r`,
    )
    const utcHour = new Date().getUTCHours()
    const localHour = (offset: number) => (utcHour + offset + 24) % 24
    const offsets = Array.from({ length: 27 }, (_, n) => n - 12)
      .filter((offset) => localHour(offset) >= 2 && localHour(offset) <= 21)
      .sort((a, b) => Math.abs(localHour(a) - 12) - Math.abs(localHour(b) - 12))
    try {
      await db().query(
        `update private.reply_settings
            set reply_clock = 'business', alert_after_hours = $1, promise_hours = $2,
                weekly_summary = false`,
        [alertHours, promiseHours],
      )
      let office: { zone: string; opens: Date; closes: Date } | undefined
      // A national holiday closes the day whatever the hours: then another zone's date.
      for (const offset of offsets) {
        const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
        await db().query(
          `update private.booking_settings
              set time_zone = $1, weekdays = '{1,2,3,4,5,6,7}', opens = o.opens,
                  closes = o.opens + interval '1 hour', close_on_carnaval = false,
                  close_on_corpus_christi = false
             from (select ((now() - interval '4 minutes' + interval '8 seconds')
                             at time zone $1)::time as opens) o`,
          [zone],
        )
        const today = await db().query<{ opens_at: Date; closes_at: Date }>(
          `select o.opens_at, o.closes_at
             from private.office_hours((now() at time zone $1)::date, (now() at time zone $1)::date) o`,
          [zone],
        )
        const [open] = today.rows
        if (open) {
          office = { zone, opens: new Date(open.opens_at), closes: new Date(open.closes_at) }
          break
        }
      }
      if (!office) throw new Error('no zone where today is a working day')

      const lead = await sendLead({ name: 'Bruna Fim do Dia' })
      const { rows } = await db().query<{
        created_at: Date
        alert_at: Date
        deadline: Date
        alerted: boolean
        before_alert: boolean
      }>(
        `with last_closing as (
           select o.closes_at from private.office_hours(
             (now() at time zone $2)::date - 14, (now() at time zone $2)::date - 1) o
            order by o.day desc limit 1
         ),
         dated as (
           update public.contact_submissions s
              set created_at = (select c.closes_at - interval '5 minutes' from last_closing c)
            where s.id = $1
           returning s.created_at, s.overdue_alerted_at
         )
         select d.created_at, d.overdue_alerted_at is not null as alerted,
                private.reply_deadline(d.created_at, $3) as alert_at,
                private.reply_deadline(d.created_at, $4) as deadline,
                now() < private.reply_deadline(d.created_at, $3) as before_alert
           from dated d`,
        [lead.id, office.zone, alertHours, promiseHours],
      )
      const dated = rows[0]
      if (!dated) throw new Error('the lead was not dated back')
      await db().query(
        `update private.reply_settings
            set tracked_since = (select s.created_at - interval '1 minute'
                                   from public.contact_submissions s where s.id = $1)`,
        [lead.id],
      )
      // The wall clock's alert time was last night, after closing; the office's is today.
      expect(dated.created_at.getTime() + alertHours * 3_600_000).toBeLessThan(
        office.opens.getTime() - 3_600_000,
      )
      expect(dated.alert_at.getTime()).toBeGreaterThan(office.opens.getTime())
      if (dated.before_alert) expect(dated.alerted).toBe(false)

      const [alert] = await waitFor(
        'the alert in the next working hours',
        () => alertsAbout(lead.email),
        (alerts) => alerts.length === 1,
        ALERT_WAIT,
      )
      const alertedAt = (await leadRow(lead.id))?.overdue_alerted_at
      expect(alertedAt?.getTime()).toBeGreaterThanOrEqual(dated.alert_at.getTime() - 1)
      expect(alertedAt?.getTime()).toBeLessThan(office.closes.getTime())
      const due = new Intl.DateTimeFormat('pt-BR', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: office.zone,
      })
        .format(dated.deadline)
        .replace(', ', ' às ')
      expect(alert?.text).toContain(
        `O site promete resposta em até 30 min de expediente: o prazo vence em ${due} (${office.zone}).`,
      )
      const [event] = await waitFor(
        'its lead.overdue webhook',
        () => overdueEvents(n8n, lead.id),
        (events) => events.length === 1,
        ALERT_WAIT,
      )
      const { data } = JSON.parse(event?.body ?? '{}') as {
        data: { lead: { reply_clock: string; deadline_at: string } }
      }
      expect(data.lead.reply_clock).toBe('business')
      // Both to the millisecond: the payload's, and the driver's reading of the database's.
      expect(Math.abs(Date.parse(data.lead.deadline_at) - dated.deadline.getTime())).toBeLessThan(2)
    } finally {
      const [before] = saved
      await db().query(
        `update private.booking_settings
            set time_zone = $1, weekdays = $2, opens = $3, closes = $4, close_on_carnaval = $5,
                close_on_corpus_christi = $6`,
        [
          before?.time_zone,
          before?.weekdays,
          before?.opens,
          before?.closes,
          before?.close_on_carnaval,
          before?.close_on_corpus_christi,
        ],
      )
      await db().query(
        `update private.reply_settings
            set reply_clock = 'clock', alert_after_hours = $1, promise_hours = $2,
                tracked_since = $3, weekly_summary = $4`,
        [ALERT_AFTER_HOURS, PROMISE_HOURS, before?.tracked_since, before?.weekly_summary],
      )
    }
  }, 60_000)
})
