import { isReplyClock } from '#shared/support/durations.ts'
import type { Queryable } from '../../db/database.ts'
import {
  NEXT_MEETINGS,
  OVERVIEW_WEEKS,
  TOP_ROWS,
  type MailQueue,
  type Overview,
  type SourceFigures,
} from './overview-figures.ts'

/**
 * The window: Mondays of the company's last 12 weeks (its time zone is the agenda's,
 * private.booking_settings), and the instant the first one starts. $1 is "now".
 */
const WINDOW = `
  settings as (
    select s.time_zone as tz, r.promise_hours,
           make_interval(secs => r.promise_hours * 3600) as promise
      from private.booking_settings s, private.reply_settings r
  ),
  bounds as (
    select tz, promise_hours, promise,
           (date_trunc('week', ($1::timestamptz at time zone tz))::date
             - ${(OVERVIEW_WEEKS - 1) * 7}) as first_week
      from settings
  ),
  since as (
    select tz, promise_hours, promise, first_week, w.starts,
           -- The window's first whole UTC day: from it on, days are tallied (decision 036).
           (w.starts at time zone 'UTC')::date + 1 as first_day
      from bounds, lateral (select first_week::timestamp at time zone tz as starts) w
  )`

const int = (value: unknown) => Number(value ?? 0)

// The leads of the window, counted three ways (grouping sets): by quarter-hour, by the two
// columns the source comes from, and by campaign. Only then are the few groups turned into
// weeks of the company's clock and into sources: doing that per lead (a time zone conversion,
// a pattern match) was most of the page's time at 100 000 leads (docs/benchmarks/desk.md).
// Every time zone's offset is a whole number of quarter-hours, so a week of the company's clock
// starts on a quarter-hour boundary and no quarter-hour straddles two weeks. The source is
// private.attribution_source's rule written out: a function with its own search_path is not
// inlined. A booking's lead and its booking are created in the same instant, so a meeting
// counts in the week its lead does.
//
// Whole past days come from private.lead_tallies (decision 036); only what no tally covers is
// read from the leads, through their created_at index: the start of the window up to its first
// whole UTC day, today, and any day forgotten since. One statement, so the tallies and the
// leads are read in one snapshot and nothing is counted twice or missed.
const leadFiguresSql = `
with ${WINDOW},
tallied as (
  select t.day from private.lead_tally_days t, since where t.day >= since.first_day
),
runs as (
  select (min(day)::timestamp at time zone 'UTC') as starts,
         ((max(day) + 1)::timestamp at time zone 'UTC') as ends
    from (select day, day - (row_number() over (order by day))::int as run from tallied) r
   group by run
),
-- What the runs of tallied days leave uncovered, from the window's start on.
untallied as (
  select coalesce(lag(r.ends) over (order by r.starts), since.starts) as starts,
         r.starts as ends
    from runs r, since
  union all
  select coalesce(max(r.ends), since.starts), timestamptz 'infinity'
    from since left join runs r on true
   group by since.starts
),
live_groups as (
  select bucket, utm_source, referrer_origin, campaign,
         grouping(bucket) = 0 as by_time, grouping(utm_source) = 0 as by_source,
         sum(lead) as leads, sum(meeting) as meetings
    from (
      -- Every untallied lead of the window, without a join: most have no meeting.
      select date_bin('15 minutes', s.created_at, timestamptz '2000-01-03 00:00:00+00')
               as bucket,
             s.utm_source, s.referrer_origin, s.utm_campaign as campaign, 1 as lead, 0 as meeting
        from untallied u
        join public.contact_submissions s
          on s.created_at >= u.starts and s.created_at < u.ends
      union all
      -- Every meeting of those leads, from the bookings' side (few), as its lead is counted.
      select date_bin('15 minutes', s.created_at, timestamptz '2000-01-03 00:00:00+00'),
             s.utm_source, s.referrer_origin, s.utm_campaign, 0, 1
        from public.bookings b
        join public.contact_submissions s on s.id = b.lead_id
        join untallied u on s.created_at >= u.starts and s.created_at < u.ends) l
   group by grouping sets ((bucket), (utm_source, referrer_origin), (campaign))
),
-- How the untallied leads were answered, by quarter-hour as the tallies keep it: spam and a
-- booking's own lead aside; unanswered only once past their deadline (decision 051), on the
-- reply clock (decision 070): a lead is past it when it came before the one instant
-- private.reply_hours_before finds, and an answer within the promise's wall-clock hours is in
-- time whatever the clock, so only a later one has its lead's deadline worked out.
due as (
  select private.reply_hours_before($1::timestamptz, since.promise_hours) as late_before
    from since
),
live_answers as (
  select date_bin('15 minutes', s.created_at, timestamptz '2000-01-03 00:00:00+00') as bucket,
         count(*) filter (where s.first_answered_at is not null) as answered,
         count(*) filter (where case
           when s.first_answered_at is null then false
           when s.first_answered_at <= s.created_at + since.promise then true
           else s.first_answered_at <= private.reply_deadline(s.created_at, since.promise_hours)
         end) as in_time,
         count(*) filter (where s.first_answered_at is null
                            and s.created_at <= due.late_before) as unanswered,
         array_agg(greatest(0, extract(epoch from s.first_answered_at - s.created_at))::integer)
           filter (where s.first_answered_at is not null) as answer_seconds
    from untallied u
    join public.contact_submissions s on s.created_at >= u.starts and s.created_at < u.ends
   cross join since
   cross join due
   where s.lead_status <> 'spam' and s.notified_via is distinct from 'booking'
   group by 1
),
-- Each quarter-hour's counts, week by week (the tallies' arrays are not read for these).
answer_weeks as (
  select date_trunc('week', g.bucket at time zone since.tz) as monday,
         sum(g.answered) as answered, sum(g.in_time) as in_time, sum(g.unanswered) as unanswered
    from (select a.bucket, a.answered, a.in_time, a.unanswered from live_answers a
          union all
          select t.bucket, t.answered, t.answered_in_time, t.unanswered
            from private.lead_tallies t, since
           where t.day >= since.first_day and t.by_time) g, since
   group by 1
),
-- The weeks whose medians are kept (private.keep_answer_medians: every day tallied); the
-- others' medians are taken here from their answers. A median is no sum: it needs them all.
kept_medians as (
  select m.monday::timestamp as monday, m.median_seconds
    from private.answer_week_medians m, since
   where m.time_zone = since.tz and m.monday >= since.first_week
),
answer_medians as (
  select k.monday, k.median_seconds from kept_medians k
  union all
  select x.monday, percentile_cont(0.5) within group (order by v)
    from (select date_trunc('week', a.bucket at time zone since.tz) as monday, a.answer_seconds
            from live_answers a, since
          union all
          select date_trunc('week', t.bucket at time zone since.tz), t.answer_seconds
            from private.lead_tallies t, since
           where t.day >= since.first_day and t.by_time
             and date_trunc('week', t.bucket at time zone since.tz)
                   not in (select k.monday from kept_medians k)) x,
         unnest(x.answer_seconds) v
   where x.monday not in (select k.monday from kept_medians k)
   group by x.monday
),
-- Tallied days and the live reads cover disjoint spans of time, so their groups are put side
-- by side as they are; the sums below add up a source's or campaign's days.
lead_groups as materialized (
  select bucket, utm_source, referrer_origin, campaign, by_time, by_source, leads, meetings
    from live_groups
  union all
  select t.bucket, t.utm_source, t.referrer_origin, t.campaign, t.by_time, t.by_source,
         t.leads, t.meetings
    from private.lead_tallies t, since
   where t.day >= since.first_day
)
select
  (select coalesce(json_agg(w order by w.week), '[]') from (
     select to_char(g.monday, 'YYYY-MM-DD') as week, sum(g.leads) as leads,
            sum(g.meetings) as meetings
       from (select date_trunc('week', g.bucket at time zone since.tz) as monday, g.leads,
                    g.meetings
               from lead_groups g, since where g.by_time) g
      group by g.monday) w) as weeks,
  (select coalesce(json_agg(t), '[]') from (
     select coalesce(lower(nullif(btrim(g.utm_source), '')),
                     substring(g.referrer_origin from '^https?://(?:www\\.)?([^:/]+)'), '') as source,
            sum(g.leads) as leads, sum(g.meetings) as meetings
       from lead_groups g where g.by_source
      group by 1 order by sum(g.leads) desc, 1 limit ${TOP_ROWS * 5}) t) as sources,
  (select coalesce(json_agg(t), '[]') from (
     select g.campaign, sum(g.leads) as leads, sum(g.meetings) as meetings
       from lead_groups g where not g.by_time and not g.by_source and g.campaign is not null
      group by g.campaign
      order by sum(g.leads) desc, sum(g.meetings) desc, g.campaign
      limit ${TOP_ROWS}) t) as campaigns,
  (select coalesce(json_agg(a), '[]') from (
     select to_char(w.monday, 'YYYY-MM-DD') as week, w.answered, w.in_time, w.unanswered,
            m.median_seconds
       from answer_weeks w left join answer_medians m using (monday)) a) as answers`

/**
 * Tallies the window's whole past days not tallied yet (a no-op on most views: only the first
 * view after midnight, or after an erasure, has a day to count).
 */
const tallySql = `
with ${WINDOW}
select private.tally_lead_days(since.first_day) from since`

/** Then keeps the medians of the weeks now wholly tallied (none on most views). */
const mediansSql = `
with ${WINDOW}
select private.keep_answer_medians(since.first_week, since.tz) from since`

// Visits: the page_views rows of the window, summed by day and by source in one pass; the
// days then make weeks.
const viewFiguresSql = `
with ${WINDOW},
view_groups as materialized (
  select v.day, v.source, grouping(v.day) = 0 as by_day, sum(v.views) as views
    from private.page_views v, since where v.day >= since.first_week
   group by grouping sets ((v.day), (v.source))
)
select
  (select coalesce(json_agg(w), '[]') from (
     select to_char(date_trunc('week', g.day), 'YYYY-MM-DD') as week, sum(g.views) as views
       from view_groups g where g.by_day group by 1) w) as weeks,
  (select coalesce(json_agg(t), '[]') from (
     select g.source, g.views from view_groups g where not g.by_day
      order by g.views desc, g.source limit ${TOP_ROWS * 5}) t) as sources`

/** The window's Mondays, oldest first. */
const weekListSql = `
with ${WINDOW}
select to_char(since.first_week + 7 * n, 'YYYY-MM-DD') as week
  from since, generate_series(0, ${OVERVIEW_WEEKS - 1}) n order by n`

// What the sweeps have yet to send: the partial indexes on unsent rows keep these small.
const leadMailSql = `
select count(*) filter (where s.notify_refused_at is null and s.notify_error is null) as pending,
       count(*) filter (where s.notify_refused_at is null and s.notify_error is not null) as failed,
       count(*) filter (where s.notify_refused_at is not null) as refused,
       min(s.created_at) filter (where s.notify_refused_at is null) as oldest
  from public.contact_submissions s
 where s.notified_at is null`

const bookingMailSql = `
select count(*) filter (where m.failed_at is null) as pending,
       count(*) filter (where m.failed_at is not null) as failed,
       0 as refused,
       min(m.due_at) as oldest
  from private.booking_messages m
 where m.sent_at is null and m.due_at <= $1::timestamptz`

const nextMeetingsSql = `
select b.starts_at, b.name, b.status
  from public.bookings b
 where b.status in ('confirmed', 'held') and b.ends_at > $1::timestamptz
 order by b.starts_at
 limit ${NEXT_MEETINGS}`

const mailQueue = (row: Record<string, unknown> | undefined): MailQueue => ({
  pending: int(row?.pending),
  failed: int(row?.failed),
  refused: int(row?.refused),
  oldest: row?.oldest ? new Date(row.oldest as string | Date) : null,
})

interface LeadFigureRows {
  answers: {
    week: string
    answered: number
    in_time: number
    unanswered: number
    median_seconds: number | null
  }[]
  weeks: { week: string; leads: number; meetings: number }[]
  sources: { source: string; leads: number; meetings: number }[]
  campaigns: { campaign: string; leads: number; meetings: number }[]
}
interface ViewFigureRows {
  weeks: { week: string; views: number }[]
  sources: { source: string; views: number }[]
}

/**
 * The top sources: by leads, then by visits, from the leaders of each (a source with many
 * visits and no lead still shows, as one with leads and few visits does).
 */
const topSources = (leads: LeadFigureRows['sources'], views: ViewFigureRows['sources']) => {
  const rows = new Map<string, SourceFigures>()
  const row = (source: string) => {
    const found = rows.get(source) ?? { source, views: 0, leads: 0, meetings: 0 }
    rows.set(source, found)
    return found
  }
  for (const lead of leads)
    Object.assign(row(lead.source), { leads: int(lead.leads), meetings: int(lead.meetings) })
  for (const view of views) row(view.source).views = int(view.views)
  return [...rows.values()]
    .sort((a, b) => b.leads - a.leads || b.views - a.views || a.source.localeCompare(b.source))
    .slice(0, TOP_ROWS)
}

/** Everything the overview shows, as of `now`. */
export const readOverview = async (db: Queryable, now = new Date()): Promise<Overview> => {
  const at = [now.toISOString()]
  const zone = await db.query<{
    time_zone: string
    promise_hours: string | number
    reply_clock: string
  }>(
    'select b.time_zone, r.promise_hours, r.reply_clock from private.booking_settings b, private.reply_settings r',
  )
  const weekList = await db.query<{ week: string }>(weekListSql, at)
  await db.query(tallySql, at)
  await db.query(mediansSql, at)
  const leadFigures = (await db.query<LeadFigureRows>(leadFiguresSql, at)).rows[0]
  const viewFigures = (await db.query<ViewFigureRows>(viewFiguresSql, at)).rows[0]
  const leadMail = await db.query<Record<string, unknown>>(leadMailSql)
  const bookingMail = await db.query<Record<string, unknown>>(bookingMailSql, at)
  const meetings = await db.query<{ starts_at: Date | string; name: string; status: string }>(
    nextMeetingsSql,
    at,
  )
  const leadWeeks = new Map((leadFigures?.weeks ?? []).map((row) => [row.week, row]))
  const viewWeeks = new Map((viewFigures?.weeks ?? []).map((row) => [row.week, row]))
  const answerWeeks = new Map((leadFigures?.answers ?? []).map((row) => [row.week, row]))
  return {
    timeZone: zone.rows[0]?.time_zone ?? 'America/Sao_Paulo',
    promiseHours: Number(zone.rows[0]?.promise_hours ?? 24),
    replyClock: isReplyClock(zone.rows[0]?.reply_clock) ? zone.rows[0].reply_clock : 'business',
    answers: weekList.rows.map(({ week }) => {
      const row = answerWeeks.get(week)
      return {
        week,
        answered: int(row?.answered),
        answeredInTime: int(row?.in_time),
        unanswered: int(row?.unanswered),
        medianSeconds:
          row?.median_seconds === null || row?.median_seconds === undefined
            ? null
            : Number(row.median_seconds),
      }
    }),
    weeks: weekList.rows.map(({ week }) => ({
      week,
      views: int(viewWeeks.get(week)?.views),
      leads: int(leadWeeks.get(week)?.leads),
      meetings: int(leadWeeks.get(week)?.meetings),
    })),
    sources: topSources(leadFigures?.sources ?? [], viewFigures?.sources ?? []),
    campaigns: (leadFigures?.campaigns ?? []).map((row) => ({
      campaign: row.campaign,
      leads: int(row.leads),
      meetings: int(row.meetings),
    })),
    leadMail: mailQueue(leadMail.rows[0]),
    bookingMail: mailQueue(bookingMail.rows[0]),
    nextMeetings: meetings.rows.map((row) => ({
      startsAt: new Date(row.starts_at),
      name: row.name,
      status: row.status === 'held' ? 'held' : 'confirmed',
    })),
  }
}
