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

const weeksSql = `
with ${WINDOW},
weeks as (
  select (since.first_week + 7 * n) as week from since, generate_series(0, ${OVERVIEW_WEEKS - 1}) n
),
views as (
  select date_trunc('week', v.day)::date as week, sum(v.views) as n
    from private.page_views v, since
   where v.day >= since.first_week
   group by 1
),
leads as (
  select date_trunc('week', s.created_at at time zone since.tz)::date as week, count(*) as n
    from public.contact_submissions s, since
   where s.created_at >= since.starts
   group by 1
),
meetings as (
  select date_trunc('week', b.created_at at time zone since.tz)::date as week, count(*) as n
    from public.bookings b, since
   where b.created_at >= since.starts
   group by 1
)
select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(views.n, 0) as views,
       coalesce(leads.n, 0) as leads, coalesce(meetings.n, 0) as meetings
  from weeks w
  left join views using (week)
  left join leads using (week)
  left join meetings using (week)
 order by w.week`

// Leads and meetings grouped by the same rule the beacon's visits were counted under.
const sourcesSql = `
with ${WINDOW},
views as (
  select v.source, sum(v.views) as n
    from private.page_views v, since where v.day >= since.first_week group by 1
),
leads as (
  select private.attribution_source(s.utm_source, s.referrer_origin) as source,
         count(*) as n, count(b.id) as meetings
    from public.contact_submissions s
    left join public.bookings b on b.lead_id = s.id, since
   where s.created_at >= since.starts
   group by 1
)
select source, coalesce(views.n, 0) as views, coalesce(leads.n, 0) as leads,
       coalesce(leads.meetings, 0) as meetings
  from views full join leads using (source)
 order by leads desc, views desc, source
 limit ${TOP_ROWS}`

const campaignsSql = `
with ${WINDOW}
select s.utm_campaign as campaign, count(*) as leads, count(b.id) as meetings
  from public.contact_submissions s
  left join public.bookings b on b.lead_id = s.id, since
 where s.created_at >= since.starts and s.utm_campaign is not null
 group by 1
 order by leads desc, meetings desc, campaign
 limit ${TOP_ROWS}`

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

/** Everything the overview shows, as of `now`. */
export const readOverview = async (db: Queryable, now = new Date()): Promise<Overview> => {
  const at = [now.toISOString()]
  const zone = await db.query<{ time_zone: string }>(
    'select time_zone from private.booking_settings',
  )
  const weeks = await db.query<Record<string, unknown>>(weeksSql, at)
  const sources = await db.query<Record<string, unknown>>(sourcesSql, at)
  const campaigns = await db.query<Record<string, unknown>>(campaignsSql, at)
  const leadMail = await db.query<Record<string, unknown>>(leadMailSql)
  const bookingMail = await db.query<Record<string, unknown>>(bookingMailSql, at)
  const meetings = await db.query<{ starts_at: Date | string; name: string; status: string }>(
    nextMeetingsSql,
    at,
  )
  return {
    timeZone: zone.rows[0]?.time_zone ?? 'America/Sao_Paulo',
    weeks: weeks.rows.map((row) => ({
      week: String(row.week),
      views: int(row.views),
      leads: int(row.leads),
      meetings: int(row.meetings),
    })),
    sources: sources.rows.map((row) => ({
      source: String(row.source ?? ''),
      views: int(row.views),
      leads: int(row.leads),
      meetings: int(row.meetings),
    })),
    campaigns: campaigns.rows.map((row) => ({
      campaign: String(row.campaign),
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
