/**
 * The overview's answer figures (decision 051) against the rows, worked out here on their own:
 * per week of the company's clock, the median time to the first answer, how many were answered
 * within the promise, and how many are past it with no answer; spam and a booking's own lead
 * left out. Past days come from the tallies (decision 036) and recent ones from the rows, so
 * the figures are read twice, and again after answers change a tallied day. On PGlite and
 * PostgreSQL 15. The database's own clock decides which days are tallied, so the leads are
 * placed around the real "now"; the promise counts every hour here (REPLY_CLOCK=clock), so the
 * figures do not depend on the time of day (office hours: server/watch/reply-clock.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { seedLeads, type SeedLead } from '../support/seed-leads.ts'
import { createTestDatabase } from '../support/test-database.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import type { AnswerFigures } from '../../server/desk/overview/overview-figures.ts'
import { readOverview } from '../../server/desk/overview/overview-queries.ts'

const HOUR = 3_600_000
const ZONE = 'America/Sao_Paulo'

/** The Monday of a date's week on the company's clock, YYYY-MM-DD. */
const mondayOf = (date: Date) => {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date)
  const day = new Date(`${local}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return day.toISOString().slice(0, 10)
}

const median = (values: number[]) => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

interface Row {
  created: Date
  answered: Date | null
  spam?: boolean
  booking?: boolean
}

/** What the overview must say, worked out from the rows as a person would. */
const expected = (rows: Row[], weeks: string[], now: Date, promiseHours: number) =>
  weeks.map((week): AnswerFigures => {
    const counted = rows.filter(
      (row) => mondayOf(row.created) === week && !row.spam && !row.booking,
    )
    const took = counted.flatMap((row) =>
      row.answered ? [Math.round((row.answered.getTime() - row.created.getTime()) / 1000)] : [],
    )
    return {
      week,
      answered: took.length,
      answeredInTime: took.filter((seconds) => seconds <= promiseHours * 3600).length,
      unanswered: counted.filter(
        (row) => !row.answered && row.created.getTime() + promiseHours * HOUR <= now.getTime(),
      ).length,
      medianSeconds: median(took),
    }
  })

const stores: [string, () => Promise<{ db: Database; close(): Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await createTestDatabase()
      return { db, close: () => db.close() }
    },
  ],
  [
    'PostgreSQL 15',
    async () => {
      const postgres = await createPostgresDatabase()
      const db = await openPostgresDatabase(postgres.url)
      await ensureSupabaseRoles(db)
      await applyMigrations(db)
      return {
        db,
        async close() {
          await db.close()
          await postgres.stop()
        },
      }
    },
  ],
]

describe.each(stores)('the answer figures on %s', (_name, open) => {
  let db: Database
  let close: () => Promise<void> = async () => {}
  const rows: Row[] = []
  const ids: string[] = []

  beforeAll(async () => {
    ;({ db, close } = await open())
    await db.query(`select private.apply_reply_settings(24, 20, true, 'clock')`)
    const now = Date.now()
    // Three weeks back: every day of it tallied, its deadlines long passed.
    const pastMonday = Date.parse(`${mondayOf(new Date(now - 21 * 24 * HOUR))}T03:00:00Z`)
    const at = (base: number, hours: number) => new Date(base + hours * HOUR)
    rows.push(
      { created: at(pastMonday, 33), answered: at(pastMonday, 35) },
      { created: at(pastMonday, 57), answered: at(pastMonday, 87) },
      { created: at(pastMonday, 81), answered: null },
      { created: at(pastMonday, 82), answered: null, spam: true },
      { created: at(pastMonday, 100), answered: at(pastMonday, 100), booking: true },
      { created: at(pastMonday, 103), answered: at(pastMonday, 103.25) },
      // Recent days, some read from the rows: answered, late, still within the promise.
      { created: at(now, -50), answered: at(now, -49) },
      { created: at(now, -30), answered: null },
      { created: at(now, -2), answered: null },
      { created: at(now, -26), answered: at(now, -25.5) },
      { created: at(now, -80), answered: null, spam: true },
      { created: at(now, -70), answered: at(now, -70), booking: true },
      // Past their deadline yet always on a day read from the rows (ended less than 25 h ago).
      { created: at(now, -24.5), answered: null, spam: true },
      { created: at(now, -24.4), answered: at(now, -24.4), booking: true },
      { created: at(now, -24.3), answered: null },
    )
    const seeds: SeedLead[] = rows.map((row, index) => ({
      name: `Pessoa ${index}`,
      email: `pessoa.${index}@example.com`,
      message: 'Quero um orçamento.',
      createdAt: row.created,
      status: row.spam ? 'spam' : 'novo',
      answeredAt: row.answered,
      answerVia: row.booking ? 'reuniao' : 'resposta',
      notifiedVia: row.booking ? 'booking' : 'single',
    }))
    ids.push(...(await seedLeads(db, seeds)))
  }, 120_000)

  afterAll(async () => {
    await close()
  })

  const check = async () => {
    const now = new Date()
    const overview = await readOverview(db, now)
    const weeks = overview.weeks.map((week) => week.week)
    expect(overview.answers).toEqual(expected(rows, weeks, now, overview.promiseHours))
    return overview
  }

  it('match the rows on the first view, which tallies the past days, and on the next, which reads them', async () => {
    const first = await check()
    expect(first.promiseHours).toBe(24)
    const tallied = await db.query<{ n: number }>(
      'select count(*)::int as n from private.lead_tally_days',
    )
    expect(tallied.rows[0]?.n).toBeGreaterThan(0)
    const second = await check()
    const past = second.answers.find((week) => week.answered === 3)
    // The past week: 2 h, 30 h and 15 min to answer, one never; spam and the booking aside.
    expect(past).toMatchObject({ answeredInTime: 2, unanswered: 1, medianSeconds: 7200 })
  })

  it('follow an answer given days later, to a lead of a tallied day and to a recent one', async () => {
    const later = new Date()
    for (const index of [2, 7]) {
      await db.query(
        "update public.contact_submissions set first_answered_at = $2, first_answer_via = 'manual' where id = $1",
        [ids[index], later],
      )
      ;(rows[index] as Row).answered = later
    }
    await check()
  })

  it('count again when the promise changes (a fork that promises 48 hours)', async () => {
    await db.query(`select private.apply_reply_settings(48, 40, true, 'clock')`)
    const overview = await check()
    expect(overview.promiseHours).toBe(48)
    await db.query(`select private.apply_reply_settings(24, 20, true, 'clock')`)
    await check()
  })
})
