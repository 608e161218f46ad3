/**
 * The reply promise on the company's clock (decision 070), on a migrated PGlite: the deadline
 * and its inverse over office hours, holidays, Carnaval, closed days and another time zone, and
 * the same clock in every place that measures the promise (the alert's watch, the desk, the
 * overview, its tallies and the weekly summary). The office here is its own, Monday to Thursday
 * 10h to 16h, so a Friday is as closed as a Sunday.
 */
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../tests/support/use-test-database.ts'
import { seedLeads } from '../../tests/support/seed-leads.ts'
import { countWaitingLeads, findLead, listLeads } from '../desk/leads/lead-store.ts'
import { EMPTY_FILTER } from '../desk/leads/lead-filter.ts'
import { readOverview } from '../desk/overview/overview-queries.ts'

const ZONE = 'America/Sao_Paulo'
const PROMISE = 12
const ALERT = 10

const db = useTestDatabase(`
  delete from public.contact_submissions;
  delete from private.lead_tally_days;
  delete from private.answer_week_medians;
  delete from private.booking_closed_days;
  delete from private.webhook_events;
  delete from private.webhook_receivers;
  insert into private.webhook_receivers (url) values ('https://hooks.example.com/n8n');
  update private.booking_settings
     set time_zone = '${ZONE}', weekdays = '{1,2,3,4}', opens = '10:00', closes = '16:00',
         close_on_carnaval = true, close_on_corpus_christi = true;
  update private.reply_settings
     set promise_hours = ${PROMISE}, alert_after_hours = ${ALERT}, reply_clock = 'business',
         tracked_since = now() - interval '60 days';
`)

const iso = (value: Date | string) => new Date(value).toISOString()

const deadline = async (start: string, hours: number) =>
  iso(
    (
      await db().query<{ at: Date }>('select private.reply_deadline($1::timestamptz, $2) as at', [
        start,
        hours,
      ])
    ).rows[0]?.at ?? '',
  )

const hoursBefore = async (at: string, hours: number) =>
  iso(
    (
      await db().query<{ at: Date }>(
        'select private.reply_hours_before($1::timestamptz, $2) as at',
        [at, hours],
      )
    ).rows[0]?.at ?? '',
  )

/** The deadline, and that its inverse gives the start back (or, from a closed hour, the opening). */
const expectDeadline = async (start: string, hours: number, due: string, countedFrom = start) => {
  expect(await deadline(start, hours), `${start} + ${hours} h`).toBe(iso(due))
  expect(await hoursBefore(due, hours), `${due} - ${hours} h`).toBe(iso(countedFrom))
}

describe('the reply clock in office hours', () => {
  it('puts the alert and the deadline of a lead sent an hour before closing on Thursday in the next working hours, not at night nor on Friday to Sunday', async () => {
    const thursday = '2026-12-03T15:00:00-03:00'
    // Thursday 15h-16h, Monday 10h-16h, then Tuesday until the hours are spent.
    await expectDeadline(thursday, ALERT, '2026-12-08T13:00:00-03:00')
    await expectDeadline(thursday, PROMISE, '2026-12-08T15:00:00-03:00')
    // A second before the deadline, that lead's hours have not run.
    expect((await hoursBefore('2026-12-08T14:59:59-03:00', PROMISE)) < iso(thursday)).toBe(true)
  })

  it("starts a lead sent on a Saturday at Monday's opening", async () => {
    await expectDeadline(
      '2026-12-05T12:00:00-03:00',
      2,
      '2026-12-07T12:00:00-03:00',
      '2026-12-07T10:00:00-03:00',
    )
  })

  it('skips a national holiday and a closed day (where state and city holidays go)', async () => {
    // Finados, Monday 2026-11-02: Thursday's last hour, then Tuesday.
    await expectDeadline('2026-10-29T15:00:00-03:00', 2, '2026-11-03T11:00:00-03:00')
    await db().query(
      "insert into private.booking_closed_days (day, reason) values ('2026-12-07', 'Feriado municipal')",
    )
    await expectDeadline(
      '2026-12-05T12:00:00-03:00',
      2,
      '2026-12-08T12:00:00-03:00',
      '2026-12-08T10:00:00-03:00',
    )
  })

  it('closes Carnaval and Ash Wednesday until 14h as the agenda does, unless the agenda stays open', async () => {
    // Carnaval 2027: Monday 8 and Tuesday 9 February closed, Wednesday 10 open from 14h.
    await expectDeadline(
      '2027-02-08T11:00:00-03:00',
      3,
      '2027-02-11T11:00:00-03:00',
      '2027-02-10T14:00:00-03:00',
    )
    // The agenda offers its first time on Ash Wednesday when the office opens, and times on
    // exactly the days the office is open.
    const { rows } = await db().query<{ office: string[]; offered: string[]; first: Date }>(
      `select array(select o.day::text from private.office_hours('2027-02-02', '2027-02-18') o
                     order by o.day) as office,
              array(select distinct (f.starts_at at time zone '${ZONE}')::date::text
                      from private.free_slots('2027-02-01T00:00:00-03:00', '2027-02-02T00:00:00-03:00',
                                              '2027-02-19T00:00:00-03:00') f
                     order by 1) as offered,
              (select min(f.starts_at)
                 from private.free_slots('2027-02-01T00:00:00-03:00', '2027-02-10T00:00:00-03:00',
                                         '2027-02-11T00:00:00-03:00') f) as first`,
    )
    expect(rows[0]?.office).toEqual(rows[0]?.offered)
    expect(rows[0]?.office).not.toContain('2027-02-08')
    expect(iso(rows[0]?.first ?? '')).toBe(iso('2027-02-10T14:00:00-03:00'))

    await db().query('update private.booking_settings set close_on_carnaval = false')
    await expectDeadline('2027-02-08T11:00:00-03:00', 3, '2027-02-08T14:00:00-03:00')
  })

  it('counts the hours in the company’s own time zone, across its change of summer time', async () => {
    await db().query("update private.booking_settings set time_zone = 'Europe/Lisbon'")
    // Thursday 22 October 2026, 15h in Lisbon (+01); Monday 26, after the change, 11h (+00).
    await expectDeadline('2026-10-22T15:00:00+01:00', 2, '2026-10-26T11:00:00+00:00')
  })

  it('adds plain hours on the wall clock (REPLY_CLOCK=clock)', async () => {
    await db().query(`select private.apply_reply_settings(${PROMISE}, ${ALERT}, true, 'clock')`)
    await expectDeadline('2026-12-03T15:00:00-03:00', ALERT, '2026-12-04T01:00:00-03:00')
    await expectDeadline('2026-12-05T12:00:00-03:00', PROMISE, '2026-12-06T00:00:00-03:00')
  })

  it('never looks further than a year ahead or back: an office closed all year answers a year on', async () => {
    await db().query(
      `insert into private.booking_closed_days (day)
       select d::date from generate_series(date '2025-11-01', date '2028-12-31', interval '1 day') d`,
    )
    expect(await deadline('2026-12-03T15:00:00-03:00', 2)).toBe(iso('2027-12-03T15:00:00-03:00'))
    expect(await hoursBefore('2027-12-03T15:00:00-03:00', 2)).toBe(iso('2026-12-03T15:00:00-03:00'))
  })

  it('counts the tallied days again when the office hours, a past closed day or the clock change, not for a day closed ahead', async () => {
    const tallied = async () =>
      Number(
        (
          await db().query<{ n: number }>(
            'select count(*)::integer as n from private.lead_tally_days',
          )
        ).rows[0]?.n,
      )
    const tally = () =>
      db().query("insert into private.lead_tally_days (day) values ('2026-10-01')")
    await tally()
    await db().query(
      "insert into private.booking_closed_days (day) values ((now() + interval '30 days')::date)",
    )
    expect(await tallied()).toBe(1)
    await db().query("insert into private.booking_closed_days (day) values ('2026-10-01')")
    expect(await tallied()).toBe(0)
    await tally()
    await db().query("update private.booking_settings set closes = '17:00'")
    expect(await tallied()).toBe(0)
    await tally()
    await db().query(`select private.apply_reply_settings(${PROMISE}, ${ALERT}, true, 'clock')`)
    expect(await tallied()).toBe(0)
    // On the wall clock the office's hours move no deadline.
    await tally()
    await db().query("update private.booking_settings set closes = '16:00'")
    expect(await tallied()).toBe(1)
  })
})

describe('the promise measured on the reply clock', () => {
  /**
   * The instant a lead's hours have just run out, as of the database's now, and that now: a lead
   * a minute before it is late, one a minute after it is not, whatever the time of day.
   */
  const edge = async (hours: number) => {
    const { rows } = await db().query<{ now: Date; edge: Date; week: string }>(
      `select now() as now, e.edge,
              date_trunc('week', e.edge at time zone '${ZONE}')::date::text as week
         from (select private.reply_hours_before(now(), $1) as edge) e`,
      [hours],
    )
    const row = rows[0]
    if (!row) throw new Error('no edge')
    return { now: new Date(row.now), edge: new Date(row.edge), week: row.week }
  }
  const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000)

  it('alerts only the lead whose alert hours have run in office hours, with its deadline on the same clock', async () => {
    const { edge: alertEdge } = await edge(ALERT)
    const [due, notYet] = await seedLeads(db(), [
      { name: 'Due', email: 'due@example.com', message: 'a', createdAt: minutes(alertEdge, -1) },
      {
        name: 'Not yet',
        email: 'notyet@example.com',
        message: 'b',
        createdAt: minutes(alertEdge, 2),
      },
    ])
    expect(
      (await db().query<{ n: number }>('select private.sweep_overdue_leads() as n')).rows[0]?.n,
    ).toBe(1)
    const { rows } = await db().query<{ lead_id: string; deadline: string; clock: string }>(
      `select e.lead_id, e.payload -> 'data' -> 'lead' ->> 'deadline_at' as deadline,
              e.payload -> 'data' -> 'lead' ->> 'reply_clock' as clock
         from private.webhook_events e where e.type = 'lead.overdue'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.lead_id).toBe(due)
    expect(rows[0]?.clock).toBe('business')
    expect(rows[0]?.deadline).toBe(await deadline(minutes(alertEdge, -1).toISOString(), PROMISE))
    // The other has waited longer than the alert's hours on the wall clock (ten office hours
    // span two days at least): only the office's hours keep it from an alert.
    const { rows: waited } = await db().query<{ hours: number }>(
      'select extract(epoch from now() - created_at) / 3600 as hours from public.contact_submissions where id = $1',
      [notYet],
    )
    expect(Number(waited[0]?.hours)).toBeGreaterThan(ALERT)
    expect(
      (await db().query<{ n: number }>('select private.sweep_overdue_leads() as n')).rows[0]?.n,
    ).toBe(0)
  })

  it('counts late, in time and waiting leads alike in the desk, the overview and the weekly summary', async () => {
    const { now, edge: dueEdge, week } = await edge(PROMISE)
    const before = minutes(dueEdge, -1)
    const after = minutes(dueEdge, 1)
    const [late, waiting] = await seedLeads(db(), [
      { name: 'Late', email: 'late@example.com', message: 'a', createdAt: before },
      { name: 'Waiting', email: 'waiting@example.com', message: 'b', createdAt: after },
      // Answered now: after its deadline, and before it (more than 12 wall hours after it came).
      {
        name: 'Answered late',
        email: 'al@example.com',
        message: 'c',
        createdAt: before,
        answeredAt: now,
      },
      { name: 'In time', email: 'it@example.com', message: 'd', createdAt: after, answeredAt: now },
    ])

    expect(await countWaitingLeads(db())).toMatchObject({ waiting: 2, late: 1 })
    const lateList = await listLeads(db(), { filter: { ...EMPTY_FILTER, answer: 'atrasado' } }, 1)
    expect(lateList.leads.map((lead) => lead.id)).toEqual([late])
    const waitingLead = await findLead(db(), waiting ?? '')
    expect(waitingLead?.answer.late).toBe(false)
    expect(iso(waitingLead?.answer.dueAt ?? '')).toBe(await deadline(after.toISOString(), PROMISE))
    expect((await findLead(db(), late ?? ''))?.answer.late).toBe(true)

    const overview = await readOverview(db(), new Date())
    expect(overview.replyClock).toBe('business')
    expect(overview.answers.find((row) => row.week === week)).toMatchObject({
      answered: 2,
      answeredInTime: 1,
      unanswered: 1,
    })

    const { rows } = await db().query<{ summary: Record<string, unknown> }>(
      'select private.week_summary($1::date) as summary',
      [week],
    )
    expect(rows[0]?.summary).toMatchObject({
      reply_clock: 'business',
      answered: 2,
      answered_in_time: 1,
      unanswered: 1,
      waiting: 1,
    })
  })

  it('tallies a past day by its leads’ deadlines in office hours', async () => {
    // Thursday 29 October 2026, 15h: twelve office hours (Finados on Monday) run out on
    // Wednesday 4 November at 15h. Answered on Wednesday at 14h, six days on: in time.
    await seedLeads(db(), [
      {
        name: 'Past',
        email: 'past@example.com',
        message: 'a',
        createdAt: new Date('2026-10-29T15:00:00-03:00'),
        answeredAt: new Date('2026-11-04T14:00:00-03:00'),
      },
      {
        name: 'Past, late',
        email: 'past.late@example.com',
        message: 'b',
        createdAt: new Date('2026-10-29T15:00:00-03:00'),
        answeredAt: new Date('2026-11-04T15:30:00-03:00'),
      },
    ])
    await db().query("select private.tally_lead_days('2026-10-26')")
    const { rows } = await db().query<{ answered: number; in_time: number }>(
      `select sum(t.answered)::integer as answered, sum(t.answered_in_time)::integer as in_time
         from private.lead_tallies t where t.by_time and t.day = '2026-10-29'`,
    )
    expect(rows[0]).toEqual({ answered: 2, in_time: 1 })
  })
})
