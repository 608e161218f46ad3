/**
 * The hosted-Supabase deployment, as close as this machine allows: the Edge Function served
 * by the real Deno from its place in the repository, a real PostgreSQL 15 with pg_cron and
 * the migrations applied as `supabase db push` would, a real SMTP server, and the real
 * supabase-js. Only Vault and pg_net are stand-ins (tests/support/supabase-like-database.ts).
 */
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import {
  addressIn,
  calendarPartOf,
  manageTokenIn,
  parseInvitation,
} from '../support/booking-mail.ts'
import { manageTokenInOutbox } from '../support/booking.ts'
import { startApiGateway, type ApiGateway } from '../support/api-gateway.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import { callLimitCopy } from '#shared/http/call-limit-copy.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { expectNameReadAsTyped, FORGED_NAMES } from '../support/forged-headers.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { applyMigrationsLikeSupabase, startPgNetWorker } from '../support/supabase-like-database.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { company } from '#shared/company/company.ts'

const INBOX = 'leads@aurora.test'
const SITE = 'https://www.aurora.test'

let postgres: PostgresServer
let db: pg.Pool
let smtp: SmtpCatcher
let fn: RunningFunction
let bookingFn: RunningFunction
/** The project's one URL, as pg_cron reaches both functions on hosted Supabase. */
let project: ApiGateway
let supabase: SupabaseClient

beforeAll(async () => {
  ;[postgres, smtp] = await Promise.all([startPostgresServer({ pgCron: true }), startSmtpCatcher()])
  await applyMigrationsLikeSupabase(postgres.url)
  db = new pg.Pool({ connectionString: postgres.url, max: 2 })
  const secrets = {
    SUPABASE_DB_URL: postgres.url,
    SMTP_URL: smtp.url,
    CONTACT_TO: INBOX,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
  }
  ;[fn, bookingFn, project] = await Promise.all([
    startDenoFunction('send-contact-email', secrets),
    startDenoFunction('send-booking-email', { ...secrets, SITE_URL: SITE }),
    startApiGateway(),
  ])
  project.routeTo((path) =>
    path.startsWith('/functions/v1/send-booking-email') ? bookingFn.url : fn.url,
  )
  supabase = createClient(fn.url, DEV_ANON_KEY, {
    // Node 20 has no global WebSocket; ws's constructor type differs only in extra overloads.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
  })
}, 120_000)

afterAll(async () => {
  await Promise.all([fn?.stop(), bookingFn?.stop(), project?.stop()])
  await db?.end()
  await Promise.all([postgres?.stop(), smtp?.stop()])
})

let sequence = 0
/** Stores a submission as the site's insert does: as anon, through the table's rules. */
const storeSubmission = async (name?: string) => {
  sequence += 1
  const message = {
    name: name ?? `Ana Souza ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company: 'Padaria Pão Quente',
    message: `Olá! Quero um orçamento (${sequence}).`,
  }
  const client = await db.connect()
  try {
    await client.query('begin')
    await client.query('set local role anon')
    await client.query(
      'insert into public.contact_submissions (name, email, company, message) values ($1, $2, $3, $4)',
      [message.name, message.email, message.company, message.message],
    )
    await client.query('commit')
  } finally {
    client.release()
  }
  return message
}

const mailTo = (address: string) =>
  smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === address)

const rowFor = async (email: string) =>
  (
    await db.query(
      'select notified_at, notify_attempts, notify_error from contact_submissions where email = $1',
      [email],
    )
  ).rows[0]

let visitors = 0

/** One call as anon, as PostgREST makes it (the booking calls are security definer). */
const asAnon = async <T>(sql: string, params: unknown[]): Promise<T | undefined> => {
  const client = await db.connect()
  try {
    await client.query('begin')
    await client.query('set local role anon')
    const { rows } = await client.query<{ answer: T }>(sql, params)
    await client.query('commit')
    return rows[0]?.answer
  } finally {
    client.release()
  }
}

/**
 * Books the next free slot a day ahead, as the booking page does: as anon, by the public call.
 * A hold (decision 038): the page holds its hold token; the manage token waits in the outbox
 * for the request e-mail, from which `confirm` confirms it, as the visitor's click would.
 */
const bookMeeting = async () => {
  visitors += 1
  const email = `visitante.${visitors}@example.com`
  const { rows: slots } = await db.query<{ slot: Date }>(
    `select f.starts_at as slot from private.free_slots(now()) f
      where f.starts_at > now() + interval '26 hours' order by f.starts_at offset $1 limit 1`,
    [visitors * 3],
  )
  const booking =
    (await asAnon<Record<string, string>>(
      `select public.book_meeting($1, $2, $3, null, 'Quero um aplicativo.', 'America/Manaus',
         '', 20000) as answer`,
      [slots[0]?.slot, `Visitante ${visitors}`, email],
    )) ?? {}
  const id = String(booking.id)
  const token = (await manageTokenInOutbox(db, id)) ?? ''
  return {
    email,
    id,
    holdToken: String(booking.hold_token),
    token,
    confirm: () => asAnon('select public.confirm_booking($1) as answer', [token]),
  }
}

const bookingMailTo = (email: string) =>
  smtp.messages.filter((mail) => addressIn(mail.to) === email)

describe('send-contact-email under Deno', () => {
  it('mails a stored submission once, from the company to the company, replying to the visitor', async () => {
    const message = await storeSubmission()
    const { data, error } = await supabase.functions.invoke('send-contact-email', { body: message })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true, status: 'sent' })

    const mail = mailTo(message.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.to && 'value' in mail[0].to ? mail[0].to.value[0]?.address : '').toBe(INBOX)
    expect(mail[0]?.from?.value[0]).toEqual({ name: company.mailSenderName, address: INBOX })
    expect(mail[0]?.text).toContain('Padaria Pão Quente')
    expect(await rowFor(message.email)).toMatchObject({ notify_attempts: 1, notify_error: null })
  })

  it('refuses a message that was never stored (no open relay)', async () => {
    const { error } = await supabase.functions.invoke('send-contact-email', {
      body: { name: 'Spam', email: 'victim@example.com', company: null, message: 'Buy' },
    })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(409)
    expect(mailTo('victim@example.com')).toHaveLength(0)
  })

  it('answers a browser preflight from another origin with the CORS headers the client needs', async () => {
    const response = await fetch(`${fn.url}/functions/v1/send-contact-email`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://www.example-static-host.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(
      'https://www.example-static-host.com',
    )
    const allowed = response.headers.get('access-control-allow-headers') ?? ''
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info']) {
      expect(allowed).toContain(header)
    }
    await response.text()
  })

  it.each(FORGED_NAMES)('shows $label as typed in the Subject and Reply-To', async ({ name }) => {
    const message = await storeSubmission(name)
    const { data, error } = await supabase.functions.invoke('send-contact-email', { body: message })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true, status: 'sent' })
    const [mail] = await waitFor(
      'the notification',
      () => mailTo(message.email),
      (found) => found.length === 1,
    )
    if (!mail) throw new Error('no mail')
    expectNameReadAsTyped(mail, name, message.email)
  })

  it('refuses the sweep to anyone but the scheduler: 401 JSON with CORS, and no counts', async () => {
    for (const secret of [undefined, 'wrong', TEST_SWEEP_SECRET.slice(1)]) {
      const response = await fetch(`${fn.url}/functions/v1/send-contact-email/retry`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://elsewhere.example',
          ...(secret === undefined ? {} : { 'x-mail-sweep-secret': secret }),
        },
        body: '{}',
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example')
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may run the mail sweep.' },
      })
    }
  })

  it('records a failure while the mail server is down, then pg_cron has it sent once, and a booking reminder on its day', async () => {
    const message = await storeSubmission()
    const booking = await bookMeeting()
    await booking.confirm()
    // A hold whose time is up: pg_cron's minute job ends it, with no Node server around.
    const unconfirmed = await bookMeeting()
    await db.query(
      `update public.bookings set hold_until = now() - interval '1 second' where id = $1`,
      [unconfirmed.id],
    )
    const holdState = async () =>
      (
        await db.query<{ status: string }>('select status from public.bookings where id = $1', [
          unconfirmed.id,
        ])
      ).rows[0]?.status
    const { port } = new URL(smtp.url)
    await smtp.stop()
    const { error } = await supabase.functions.invoke('send-contact-email', { body: message })
    expect((error as FunctionsHttpError).context.status).toBe(502)
    const failed = await rowFor(message.email)
    expect(failed).toMatchObject({ notified_at: null, notify_attempts: 1 })
    expect(failed?.notify_error).toMatch(/ECONNREFUSED/)

    // The mail server is back. Nothing but the database's scheduler and the functions run:
    // pg_cron's minute jobs end the holds whose time is up and ask each function (through
    // pg_net) to send what is due.
    smtp = await startSmtpCatcher({ port: Number(port) })
    await db.query(
      "insert into vault.secrets (name, secret) values ('project_url', $1), ('publishable_key', $2), ('mail_sweep_secret', $3) on conflict (name) do update set secret = excluded.secret",
      [project.url, DEV_ANON_KEY, TEST_SWEEP_SECRET],
    )
    // Time passes beyond the back-off and the sweep's minimum age, and to the booking's eve.
    await db.query(
      `update contact_submissions
          set next_notify_at = now(), created_at = created_at - interval '3 minutes'
        where email = $1`,
      [message.email],
    )
    await db.query('update private.booking_messages set due_at = now() where booking_id = $1', [
      booking.id,
    ])
    const reminderOf = () =>
      bookingMailTo(booking.email).filter((mail) => mail.subject?.startsWith('Lembrete'))
    const jobsChecked = (await db.query<{ now: Date }>('select now()')).rows[0]?.now
    const { rows: jobs } = await db.query<{
      jobname: string
      schedule: string
      command: string
      active: boolean
    }>(
      `select jobname, schedule, command, active from cron.job
        where jobname in ('expire-booking-holds', 'send-contact-email-sweep', 'send-booking-email-sweep')
        order by jobname`,
    )
    expect(jobs).toEqual([
      {
        jobname: 'expire-booking-holds',
        schedule: '* * * * *',
        command: 'select private.expire_booking_holds()',
        active: true,
      },
      {
        jobname: 'send-booking-email-sweep',
        schedule: '* * * * *',
        command: "select private.request_function_sweep('send-booking-email/sweep')",
        active: true,
      },
      {
        jobname: 'send-contact-email-sweep',
        schedule: '* * * * *',
        command: 'select private.request_mail_sweep()',
        active: true,
      },
    ])
    // What pg_cron runs at the next minute, run now rather than waited for (up to a minute);
    // pg_net's worker sends what they queue.
    for (const job of jobs) await db.query(job.command)
    const worker = startPgNetWorker(postgres.url)
    try {
      await waitFor(
        'the lead mailed, the reminder sent and the hold ended',
        async () => [
          mailTo(message.email).length,
          reminderOf().length,
          await holdState(),
          // The mail server has the message a moment before the sweep marks the row sent.
          (await rowFor(message.email))?.notified_at ?? null,
        ],
        ([mails, reminders, hold, notified]) =>
          mails !== 0 && reminders !== 0 && hold === 'cancelled' && notified !== null,
        { timeoutMs: 60_000, intervalMs: 250 },
      )
      expect(await holdState(), 'pg_cron ends holds whose time is up').toBe('cancelled')
      expect(mailTo(message.email), 'the contact sweep sends it once').toHaveLength(1)
      expect(await rowFor(message.email)).toMatchObject({ notify_attempts: 2, notify_error: null })
      expect(reminderOf(), 'the booking sweep sends the reminder').toHaveLength(1)
      expect(manageTokenIn(reminderOf()[0]?.text ?? '')).toBe(booking.token)
    } finally {
      await worker.stop()
    }
    // Later sweeps find nothing more to send.
    const sweep = await supabase.functions.invoke('send-contact-email/retry', {
      body: {},
      headers: TEST_SWEEP_HEADERS,
    })
    expect(sweep.data).toMatchObject({ ok: true, sent: 0 })
    expect(mailTo(message.email)).toHaveLength(1)

    // And pg_cron's scheduler runs the three jobs itself, on the minute: the test's one wait on
    // the real clock (the next minute may be up to 60 s away), kept for the last.
    await waitFor(
      "pg_cron's scheduler to run each minute job",
      async () =>
        (
          await db.query<{ jobname: string }>(
            `select distinct j.jobname from cron.job_run_details d join cron.job j using (jobid)
              where d.status = 'succeeded' and d.start_time >= $1
                and j.jobname in ('expire-booking-holds', 'send-contact-email-sweep', 'send-booking-email-sweep')`,
            [jobsChecked],
          )
        ).rows.map((row) => row.jobname),
      (names) => names.length === 3,
      { timeoutMs: 90_000, intervalMs: 500 },
    )
  }, 240_000)
})

describe('send-booking-email under Deno', () => {
  it('mails the request to confirm, then the invitation to the visitor and the copy to the company, with the link to manage it', async () => {
    const booking = await bookMeeting()
    const booker = createClient(bookingFn.url, DEV_ANON_KEY, {
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    })
    // Right after booking, the page asks with its hold token: the request, and nothing else.
    const asked = await booker.functions.invoke('send-booking-email', {
      body: { token: booking.holdToken },
    })
    expect(asked.error).toBeNull()
    expect(asked.data).toEqual({ ok: true, status: 'sent' })
    const [request, beyond] = bookingMailTo(booking.email)
    expect(beyond).toBeUndefined()
    expect(request?.subject).toMatch(/^Confirme sua consultoria: /)
    expect(request && calendarPartOf(request)).toBeUndefined()
    expect(request?.text).not.toContain(`Visitante ${visitors}`)
    expect(manageTokenIn(request?.text ?? '')).toBe(booking.token)
    expect(smtp.messages.filter((mail) => addressIn(mail.replyTo) === booking.email)).toEqual([])

    // The visitor confirms from the link; the manage page asks with the manage token.
    await booking.confirm()
    const { data, error } = await booker.functions.invoke('send-booking-email', {
      body: { token: booking.token },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true, status: 'sent' })

    const [, theirs, more] = bookingMailTo(booking.email)
    expect(more).toBeUndefined()
    const part = theirs && calendarPartOf(theirs)
    expect(part).toMatchObject({ type: 'text/calendar', params: { method: 'REQUEST' } })
    expect(parseInvitation(part?.content ?? '')).toMatchObject({
      method: 'REQUEST',
      uid: booking.id,
      sequence: 0,
      organizer: { address: `mailto:${INBOX}` },
      attendees: [{ address: `mailto:${booking.email}`, rsvp: 'TRUE' }],
    })
    expect(theirs?.text).toContain(`${SITE}/agendar/gerenciar#${booking.token}`)
    const ours = smtp.messages.filter(
      (mail) => addressIn(mail.to) === INBOX && addressIn(mail.replyTo) === booking.email,
    )
    expect(ours).toHaveLength(1)
    const [ourCopy] = ours
    expect(ourCopy && calendarPartOf(ourCopy)?.params.method).toBe('REQUEST')

    // A token that opens nothing learns nothing and sends nothing.
    const unknown = await booker.functions.invoke('send-booking-email', {
      body: { token: 'f'.repeat(64) },
    })
    expect(unknown.data).toEqual({ ok: true, status: 'nothing_due' })
    expect(bookingMailTo(booking.email)).toHaveLength(2)
  })

  it('refuses its sweep to anyone but the scheduler', async () => {
    const response = await fetch(`${bookingFn.url}/functions/v1/send-booking-email/sweep`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: '{}',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example')
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } })
  })
})

describe('the functions under Deno against a flood (decision 040)', () => {
  it("count every call in its caller's budget, reads and misses included: past it, 429 JSON with Retry-After", async () => {
    await db.query('update private.contact_settings set calls_per_minute = 3')
    try {
      // The address the platform's proxy writes (cf-connecting-ip, decision 024).
      const headers = {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        origin: SITE,
        'cf-connecting-ip': '198.51.100.200',
      }
      const call = (target: RunningFunction, name: string, body: unknown) =>
        fetch(`${target.url}/functions/v1/${name}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        })
      const token = { token: 'e'.repeat(64) }
      const statuses = []
      for (let n = 0; n < 3; n += 1) {
        statuses.push((await call(bookingFn, 'send-booking-email', token)).status)
      }
      expect(statuses).toEqual([200, 200, 200])
      const refused = await call(bookingFn, 'send-booking-email', token)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.headers.get('access-control-allow-origin')).toBe(SITE)
      expect(await refused.json()).toMatchObject({
        error: { code: 'too_many_requests', message: callLimitCopy.tooMany },
      })
      // One budget for every public call: the other function refuses the caller too.
      const other = await call(fn, 'send-contact-email', {
        name: 'Ana',
        email: 'ana@example.com',
        company: null,
        message: 'Oi.',
      })
      expect(other.status).toBe(429)
      const counted = await db.query<{ n: number }>(
        `select coalesce(sum(calls), 0)::int as n from private.public_call_counts
          where client_key = '198.51.100.200'`,
      )
      expect(counted.rows).toEqual([{ n: 3 }])
    } finally {
      await db.query(
        `update private.contact_settings set calls_per_minute = 120;
         delete from private.public_call_counts`,
      )
    }
  })
})

describe('the migrations on a Supabase-like PostgreSQL 15', () => {
  it('apply twice without error, keeping one scheduled job each', async () => {
    await applyMigrationsLikeSupabase(postgres.url)
    const jobs = await db.query(
      `select jobname from cron.job
        where jobname in ('send-contact-email-sweep', 'send-booking-email-sweep')`,
    )
    expect(jobs.rows).toHaveLength(2)
  })

  it('let anon insert only the form fields, and neither read, change nor delete', async () => {
    const client = await db.connect()
    const asAnon = async (sql: string, params: unknown[] = []) => {
      await client.query('begin')
      await client.query('set local role anon')
      try {
        await client.query(sql, params)
        await client.query('commit')
        return 'ok'
      } catch (error) {
        await client.query('rollback')
        return (error as { code?: string }).code
      }
    }
    try {
      const insert = (columns: string, values: string) =>
        asAnon(`insert into contact_submissions (${columns}) values (${values})`)
      expect(
        await insert('name, email, company, message', "'Bia', 'bia@example.com', null, 'Oi'"),
      ).toBe('ok')
      for (const column of ['id', 'created_at', 'notified_at', 'notify_attempts', 'client_ip']) {
        const value =
          column === 'id'
            ? 'gen_random_uuid()'
            : column === 'notify_attempts'
              ? '0'
              : column === 'client_ip'
                ? "'1.2.3.4'"
                : 'now()'
        expect(
          await insert(
            `name, email, message, ${column}`,
            `'Bia', 'bia2@example.com', 'Oi', ${value}`,
          ),
          column,
        ).toBe('42501')
      }
      expect(await asAnon('select * from contact_submissions')).toBe('42501')
      expect(await asAnon("update contact_submissions set name = 'x'")).toBe('42501')
      expect(await asAnon('delete from contact_submissions')).toBe('42501')
      expect(await asAnon('select private.finish_mail(1, true, null)')).toBe('42501')
      expect(await asAnon('select private.refuse_mail(1, null)')).toBe('42501')
      expect(await asAnon("select private.split_mail_send(1, '{}', 5)")).toBe('42501')
      expect(await asAnon('select private.request_mail_sweep()')).toBe('42501')
      for (const call of [
        "select private.request_function_sweep('send-booking-email/sweep')",
        'select * from private.claim_booking_mail(null, 10, 5)',
        "select * from private.claim_booking_mail_by_token('x', 10, 5)",
        'select private.finish_booking_mail(1, true, null)',
        'select private.refuse_booking_mail(1, null)',
        "select private.attach_manage_link('{}', 'x')",
        'select * from private.booking_messages',
      ]) {
        expect(await asAnon(call), call).toBe('42501')
      }
    } finally {
      client.release()
    }
  })
})
