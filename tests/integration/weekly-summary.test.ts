/**
 * The weekly summary (decision 053) against the rows it counts: last week's visits, leads,
 * meetings, answers and incidents, worked out here from what was stored, then the e-mail as a
 * real SMTP server receives it. The database's clock decides which week is "last week", so
 * the rows are placed around the real now, and the promise counts every hour
 * (REPLY_CLOCK=clock) so that its deadlines do not depend on the time of day.
 */
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendDueCompanyAlerts } from '#shared/alerts/company-alert-delivery.ts'
import { createBookingMailSender } from '#shared/booking/booking-mail-delivery.ts'
import { describeHours } from '#shared/support/durations.ts'
import type { Database } from '../../server/db/database.ts'
import { seedLeads, type SeedLead } from '../support/seed-leads.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { createTestDatabase } from '../support/test-database.ts'

const HOUR = 3_600_000
const ZONE = 'America/Sao_Paulo'
const INBOX = 'equipe@empresa.example'
/**
 * The reply promise the week's answers are counted against (the leads below are answered inside
 * or past it): set here, so a company's own promise changes nothing.
 */
const PROMISE_HOURS = 24

/** Monday of a date's week on the company's clock. */
const mondayOf = (date: Date) => {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date)
  const day = new Date(`${local}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return day.toISOString().slice(0, 10)
}
const addDays = (iso: string, days: number) => {
  const day = new Date(`${iso}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

let db: Database
let smtp: SmtpCatcher
const LAST_WEEK = addDays(mondayOf(new Date()), -7)
/** Monday 00:00 in São Paulo (UTC-3, no daylight saving time since 2019). */
const lastMonday = Date.parse(`${LAST_WEEK}T03:00:00Z`)
const at = (hours: number) => new Date(lastMonday + hours * HOUR)

interface Row extends SeedLead {
  createdAt: Date
}

const rows: Row[] = [
  // In the week: answered in 1 h and in 2 h, one in 30 h, one never, one spam, one booking.
  { name: 'A', email: 'a@example.com', message: 'm', createdAt: at(10), answeredAt: at(11) },
  { name: 'B', email: 'b@example.com', message: 'm', createdAt: at(30), answeredAt: at(32) },
  { name: 'C', email: 'c@example.com', message: 'm', createdAt: at(50), answeredAt: at(80) },
  { name: 'D', email: 'd@example.com', message: 'm', createdAt: at(70) },
  { name: 'E', email: 'e@example.com', message: 'm', createdAt: at(71), status: 'spam' },
  {
    name: 'F',
    email: 'f@example.com',
    message: 'm',
    createdAt: at(90),
    answeredAt: at(90),
    answerVia: 'reuniao',
    notifiedVia: 'booking',
  },
  // Before and after the week: not in it.
  { name: 'G', email: 'g@example.com', message: 'm', createdAt: at(-1), answeredAt: at(0) },
  { name: 'H', email: 'h@example.com', message: 'm', createdAt: at(7 * 24 + 1) },
]

beforeAll(async () => {
  ;[db, smtp] = await Promise.all([createTestDatabase(), startSmtpCatcher()])
  await db.query(
    "update private.reply_settings set tracked_since = now() - interval '30 days', promise_hours = $1, reply_clock = 'clock'",
    [PROMISE_HOURS],
  )
  const ids = await seedLeads(db, rows)
  // One meeting, of the booking's lead.
  await db.query(
    `insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email, note,
       time_zone, meeting_url, manage_token_hash, created_at)
     values ($1::uuid, $2::timestamptz, $2::timestamptz + interval '30 minutes',
       $2::timestamptz + interval '45 minutes', 'F', 'f@example.com', 'Conversa',
       'America/Sao_Paulo', 'https://meet.example/x', md5($1::text), $3::timestamptz)`,
    [ids[5], at(200), at(90)],
  )
  // Visits: 5 on the week's Monday and 7 on its Sunday, and 100 the day before and after.
  await db.query(
    `insert into private.page_views (day, page, source, device, views) values
       ($1::date, '/', '', 'phone', 5), ($1::date + 6, '/agendar', 'google.com', 'desktop', 7),
       ($1::date - 1, '/', '', 'phone', 100), ($1::date + 7, '/', '', 'phone', 100)`,
    [LAST_WEEK],
  )
  // Incidents: one during the week and over, one still open, one the week before.
  await db.query(
    `insert into private.pipeline_incidents (kind, subject, detail, since, opened_at, resolved_at)
     values ('mail_failing', '', '{"waiting": 2}', $1, $1, $2),
            ('quarantine_full', '', '{"count": 460, "max": 500}', $3, $3, null),
            ('busy_calendar', 'antes', '{}', $4, $4, $5)`,
    [at(20), at(21), at(100), at(-50), at(-40)],
  )
}, 60_000)

afterAll(async () => {
  await Promise.all([db?.close(), smtp?.stop()])
})

describe('the weekly summary', () => {
  it('counts last week from the rows: visits, leads, meetings, answers and incidents', async () => {
    const { rows: answer } = await db.query<{ summary: Record<string, unknown> }>(
      'select private.week_summary($1::date) as summary',
      [LAST_WEEK],
    )
    const summary = answer[0]?.summary ?? {}
    expect(summary).toMatchObject({
      week: LAST_WEEK,
      views: 12,
      // A to F: the spam and the booking are leads too, as the overview counts them.
      leads: 6,
      meetings: 1,
      // Spam and the booking's own lead aside: A, B and C answered, D never.
      answered: 3,
      answered_in_time: 2,
      unanswered: 1,
      waiting: 0,
      median_answer_seconds: 2 * 3600,
    })
    const incidents = summary.incidents as { kind: string }[]
    expect(incidents.map((incident) => incident.kind)).toEqual(['mail_failing', 'quarantine_full'])
  })

  it('is queued once a week, from Monday 08:00 on the company’s clock, and reaches the inbox readable', async () => {
    const queue = async () =>
      (await db.query<{ queued: boolean }>('select private.queue_weekly_summary() as queued'))
        .rows[0]?.queued
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date())
    const beforeMondayEight =
      local.find((part) => part.type === 'weekday')?.value === 'Mon' &&
      Number(local.find((part) => part.type === 'hour')?.value) < 8
    if (beforeMondayEight) {
      expect(await queue()).toBe(false)
      await db.query(
        "insert into private.company_alerts (kind, week) values ('weekly_summary', $1)",
        [LAST_WEEK],
      )
    } else {
      expect(await queue()).toBe(true)
    }
    expect(await queue()).toBe(false)

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: Number(new URL(smtp.url).port),
      secure: false,
      ignoreTLS: true,
    })
    const tally = await sendDueCompanyAlerts({
      query: (sql, params) => db.query(sql, params),
      sendMessage: createBookingMailSender(transport),
      settings: { to: INBOX, from: { name: 'Site', address: 'site@empresa.example' } },
    })
    expect(tally).toMatchObject({ sent: 1, failed: 0 })
    const [mail] = smtp.messages
    expect(mail?.subject).toBe(
      `Resumo da semana de ${LAST_WEEK.slice(8, 10)}/${LAST_WEEK.slice(5, 7)} a ${addDays(LAST_WEEK, 6).slice(8, 10)}/${addDays(LAST_WEEK, 6).slice(5, 7)}: 6 contatos`,
    )
    expect(mail?.text).toContain('Visitas: 12')
    expect(mail?.text).toContain('Reuniões marcadas: 1')
    expect(mail?.text).toContain('Tempo até a primeira resposta (mediana): 2 h')
    expect(mail?.text).toContain(`Respondidos em até ${describeHours(PROMISE_HOURS)}: 2 de 4 (50%)`)
    expect(mail?.text).toContain('Sem resposta, prazo vencido: 1')
    expect(mail?.text).toContain('O envio de e-mails está falhando (de ')
    expect(mail?.text).toContain('A quarentena está quase cheia (desde ')
    expect(String(mail?.html)).toContain('name="viewport"')
    expect(String(mail?.html)).toContain('max-width:560px')
  })

  it('is not queued while WEEKLY_SUMMARY is false', async () => {
    await db.query("delete from private.company_alerts where kind = 'weekly_summary'")
    await db.query('update private.reply_settings set weekly_summary = false')
    expect(
      (await db.query<{ queued: boolean }>('select private.queue_weekly_summary() as queued'))
        .rows[0]?.queued,
    ).toBe(false)
    await db.query('update private.reply_settings set weekly_summary = true')
  })
})
