import type { Queryable } from '../../db/database.ts'

/** How many weeks the overview shows, the current one included. */
export const OVERVIEW_WEEKS = 12
/** Rows of the sources and campaigns tables. */
export const TOP_ROWS = 10
/** Meetings listed as the next ones. */
export const NEXT_MEETINGS = 5

export interface WeekFigures {
  /** The week's Monday in the company's time zone, YYYY-MM-DD. */
  week: string
  views: number
  leads: number
  meetings: number
}

export interface SourceFigures {
  /** private.attribution_source's key: '' is direct, '(outras)' past the day's cap. */
  source: string
  views: number
  leads: number
  meetings: number
}

export interface CampaignFigures {
  campaign: string
  leads: number
  meetings: number
}

export interface MailQueue {
  pending: number
  failed: number
  /** Refused for good by the mail server (lead e-mails only, decision 022). */
  refused: number
  oldest: Date | null
}

export interface NextMeeting {
  startsAt: Date
  name: string
  status: 'confirmed' | 'held'
}

export interface Overview {
  timeZone: string
  weeks: WeekFigures[]
  sources: SourceFigures[]
  campaigns: CampaignFigures[]
  leadMail: MailQueue
  bookingMail: MailQueue
  nextMeetings: NextMeeting[]
}

/**
 * The window: Mondays of the company's last 12 weeks (its time zone is the agenda's,
 * private.booking_settings), and the instant the first one starts. $1 is "now".
 */
const WINDOW = `
  settings as (select s.time_zone as tz from private.booking_settings s),
  bounds as (
    select tz,
           (date_trunc('week', ($1::timestamptz at time zone tz))::date
             - ${(OVERVIEW_WEEKS - 1) * 7}) as first_week
      from settings
  ),
  since as (select tz, first_week, (first_week::timestamp at time zone tz) as starts from bounds)`

const int = (value: unknown) => Number(value ?? 0)

// The leads of the window, read once (materialized) for the three figures drawn from them. The
// source is private.attribution_source's rule written out: a function with its own search_path
// is not inlined, and calling it per lead cost a second at 100 000 leads (BENCHMARKS.md §12). A
// booking's lead and its booking are created in the same instant, so a meeting counts in the
// week its lead does.
const leadFiguresSql = `
with ${WINDOW},
lead_rows as materialized (
  select date_trunc('week', s.created_at at time zone since.tz)::date as week,
         coalesce(lower(nullif(btrim(s.utm_source), '')),
                  substring(s.referrer_origin from '^https?://(?:www\\.)?([^:/]+)'), '') as source,
         s.utm_campaign as campaign,
         b.id is not null as booked
    from public.contact_submissions s
    left join public.bookings b on b.lead_id = s.id, since
   where s.created_at >= since.starts
)
select
  (select coalesce(json_agg(w order by w.week), '[]') from (
     select to_char(week, 'YYYY-MM-DD') as week, count(*) as leads,
            count(*) filter (where booked) as meetings
       from lead_rows group by week) w) as weeks,
  (select coalesce(json_agg(t), '[]') from (
     select source, count(*) as leads, count(*) filter (where booked) as meetings
       from lead_rows group by source order by count(*) desc, source limit ${TOP_ROWS * 5}) t)
    as sources,
  (select coalesce(json_agg(t), '[]') from (
     select campaign, count(*) as leads, count(*) filter (where booked) as meetings
       from lead_rows where campaign is not null
      group by campaign order by count(*) desc, count(*) filter (where booked) desc, campaign
      limit ${TOP_ROWS}) t) as campaigns`

// Visits: the page_views rows of the window, by week and by source, in one read.
const viewFiguresSql = `
with ${WINDOW},
view_rows as materialized (
  select date_trunc('week', v.day)::date as week, v.source, v.views
    from private.page_views v, since where v.day >= since.first_week
)
select
  (select coalesce(json_agg(w), '[]') from (
     select to_char(week, 'YYYY-MM-DD') as week, sum(views) as views
       from view_rows group by week) w) as weeks,
  (select coalesce(json_agg(t), '[]') from (
     select source, sum(views) as views from view_rows
      group by source order by sum(views) desc, source limit ${TOP_ROWS * 5}) t) as sources`

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
  const zone = await db.query<{ time_zone: string }>(
    'select time_zone from private.booking_settings',
  )
  const weekList = await db.query<{ week: string }>(weekListSql, at)
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
  return {
    timeZone: zone.rows[0]?.time_zone ?? 'America/Sao_Paulo',
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
