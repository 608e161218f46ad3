import {
  ATTRIBUTION_FIELDS,
  type Attribution,
  type AttributionField,
} from '#shared/contact/attribution.ts'
import type { Queryable } from '../../db/database.ts'
import {
  isAnswerVia,
  isLeadId,
  isLeadStatus,
  type Delivery,
  type Lead,
  type LeadStatus,
  type LeadSummary,
} from './lead.ts'
import { selectionSql, type LeadSelection } from './lead-filter.ts'
import type { SubmissionRow } from './submission-row.ts'

/** Leads per page of the list. */
export const PAGE_SIZE = 25

/** How much of a message the list shows. */
const EXCERPT_CHARACTERS = 90

/**
 * A lead waiting since before this instant is late: its promise's hours, on the reply clock
 * (decision 070), have run. Read once per statement (an uncorrelated subquery), so a list never
 * works out each lead's deadline.
 */
export const LATE_BEFORE_SQL = `(select private.reply_hours_before(now(), r.promise_hours)
    from private.reply_settings r)`

const COLUMNS = `s.id, s.created_at, s.name, s.email, s.company, s.lead_status,
  s.notified_at is not null as notified, s.notify_error,
  s.notify_refused_at is not null as refused,
  coalesce(s.waiting_since, s.created_at) as waiting_since,
  s.first_answered_at is null and s.lead_status <> 'spam'
    and coalesce(s.waiting_since, s.created_at) <= ${LATE_BEFORE_SQL} as answer_late,
  s.first_answered_at, s.first_answer_via, s.overdue_alerted_at,
  private.is_address_confirmed(s.email) as email_confirmed`

/** One lead's deadline, for its page: only while it waits (an answer or spam ends the wait). */
const DUE_COLUMN = `case when s.first_answered_at is null and s.lead_status <> 'spam'
    then private.reply_deadline(coalesce(s.waiting_since, s.created_at),
                                (select r.promise_hours from private.reply_settings r))
  end as answer_due_at`

interface LeadRow extends SubmissionRow {
  lead_status: string
  notified: boolean
  notify_error: string | null
  refused: boolean
  waiting_since: Date | string
  answer_late: boolean
  /** Read for one lead's page only. */
  answer_due_at?: Date | string | null
  first_answered_at: Date | string | null
  first_answer_via: string | null
  overdue_alerted_at: Date | string | null
  email_confirmed: boolean
}

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const maybeDate = (value: Date | string | null) => (value === null ? null : dateOf(value))

const deliveryOf = (row: LeadRow): Delivery => {
  if (row.notified) return 'enviado'
  if (row.refused) return 'recusado'
  return row.notify_error !== null ? 'falhou' : 'pendente'
}

const readCommon = (row: LeadRow): Omit<LeadSummary, 'excerpt'> => ({
  id: row.id,
  createdAt: dateOf(row.created_at),
  name: row.name,
  email: row.email,
  emailConfirmed: row.email_confirmed === true,
  company: row.company,
  status: isLeadStatus(row.lead_status) ? row.lead_status : 'novo',
  delivery: deliveryOf(row),
  deliveryError: row.notified ? null : row.notify_error,
  answer: {
    waitingSince: dateOf(row.waiting_since),
    late: row.answer_late === true,
    dueAt: row.answer_due_at ? dateOf(row.answer_due_at) : null,
    answeredAt: maybeDate(row.first_answered_at),
    via: isAnswerVia(row.first_answer_via) ? row.first_answer_via : null,
    alertedAt: maybeDate(row.overdue_alerted_at),
  },
})

/** The message's first words: whole words up to the limit, then an ellipsis. */
export const firstWords = (message: string, limit = EXCERPT_CHARACTERS): string => {
  const flat = message.replace(/\s+/g, ' ').trim()
  const characters = Array.from(flat)
  if (characters.length <= limit) return flat
  const cut = characters.slice(0, limit).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return `${lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut}…`
}

export interface LeadPage {
  leads: LeadSummary[]
  /** Leads matching the selection, on every page. */
  total: number
  page: number
  pages: number
}

type PageRow = LeadRow & { head: string; total: number }

const pageColumns = `${COLUMNS}, left(s.message, ${EXCERPT_CHARACTERS * 2}) as head`

/** LIMIT and OFFSET as parameters after `params`: a page number never becomes SQL text. */
const paging = (params: unknown[], page: number) => ({
  sql: `limit $${params.length + 1} offset $${params.length + 2}`,
  params: [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
})

/**
 * A filtered page in one statement: the matches are counted and paged on their ids alone (one
 * scan of search_text), and only the page's rows are read whole.
 */
const filteredPage = (
  db: Queryable,
  { where, params, order }: ReturnType<typeof selectionSql>,
  page: number,
) => {
  const limit = paging(params, page)
  return db.query<PageRow>(
    `with page as (
       select s.id, count(*) over () as total from public.contact_submissions s ${where}
        order by ${order} ${limit.sql}
     )
     select ${pageColumns}, page.total::integer as total
       from page join public.contact_submissions s using (id)
      order by ${order}`,
    limit.params,
  )
}

/**
 * The whole list: counting is cheap without a filter, and the page walks
 * contact_submissions_newest_idx for ids before reading rows (a plain OFFSET computes every
 * skipped row's columns, several times slower on the last pages; docs/benchmarks/desk.md).
 */
const unfilteredPage = async (db: Queryable, page: number) => {
  const counted = await db.query<{ total: number }>(
    'select count(*)::integer as total from public.contact_submissions',
  )
  const total = counted.rows[0]?.total ?? 0
  const limit = paging([], page)
  const { rows } = await db.query<LeadRow & { head: string }>(
    `select ${pageColumns}
       from (select id from public.contact_submissions
              order by created_at desc, id desc ${limit.sql}) page
       join public.contact_submissions s using (id)
      order by s.created_at desc, s.id desc`,
    limit.params,
  )
  return { rows: rows.map((row) => ({ ...row, total })) }
}

/**
 * One page of the selection, newest first (figures in docs/benchmarks/desk.md). The page
 * number is the caller's to read (readPageNumber); one past the last shows the last.
 */
export const listLeads = async (
  db: Queryable,
  selection: LeadSelection,
  requestedPage: number,
): Promise<LeadPage> => {
  if (!Number.isSafeInteger(requestedPage) || requestedPage < 1) {
    throw new RangeError(`A page number is a whole number from 1, not ${requestedPage}.`)
  }
  const selected = selectionSql(selection)
  const { where, params } = selected
  const fetchPage = (page: number) =>
    where === '' ? unfilteredPage(db, page) : filteredPage(db, selected, page)
  let page = requestedPage
  let { rows } = await fetchPage(page)
  if (rows.length === 0 && page > 1) {
    // Past the last page (leads erased meanwhile, or a made-up number): show the last one.
    const counted = await db.query<{ total: number }>(
      `select count(*)::integer as total from public.contact_submissions s ${where}`,
      params,
    )
    page = Math.max(1, Math.ceil((counted.rows[0]?.total ?? 0) / PAGE_SIZE))
    ;({ rows } = await fetchPage(page))
  }
  const total = rows[0]?.total ?? 0
  const leads = rows.map((row) => ({ ...readCommon(row), excerpt: firstWords(row.head) }))
  return { leads, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

type FullRow = LeadRow & {
  message: string
  desk_note: string | null
  notified_at: Date | string | null
} & Record<AttributionField, string | null>

const FULL_COLUMNS = `${COLUMNS}, s.message, s.desk_note, s.notified_at, ${ATTRIBUTION_FIELDS.map((name) => `s.${name}`).join(', ')}`

const attributionOf = (row: FullRow): Attribution => {
  const attribution: Attribution = {}
  for (const name of ATTRIBUTION_FIELDS) {
    const value = row[name]
    if (value !== null) attribution[name] = value
  }
  return attribution
}

const readLead = (row: FullRow): Lead => ({
  ...readCommon(row),
  message: row.message,
  notifiedAt: maybeDate(row.notified_at),
  note: row.desk_note,
  attribution: attributionOf(row),
})

export const findLead = async (db: Queryable, id: string): Promise<Lead | undefined> => {
  if (!isLeadId(id)) return undefined
  const { rows } = await db.query<FullRow>(
    `select ${FULL_COLUMNS}, ${DUE_COLUMN} from public.contact_submissions s where s.id = $1`,
    [id],
  )
  return rows[0] ? readLead(rows[0]) : undefined
}

/** Every lead of the selection with all its fields, newest first: what an export holds. */
export const selectLeads = async (db: Queryable, selection: LeadSelection): Promise<Lead[]> => {
  const { where, params } = selectionSql(selection)
  const { rows } = await db.query<FullRow>(
    `select ${FULL_COLUMNS} from public.contact_submissions s ${where}
      order by s.created_at desc, s.id desc`,
    params,
  )
  return rows.map(readLead)
}

/** How many leads came from this lead's e-mail address, itself included. */
export const countLeadsFromEmail = async (db: Queryable, email: string): Promise<number> => {
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::integer as total from public.contact_submissions where lower(email) = lower($1)',
    [email],
  )
  return rows[0]?.total ?? 0
}

/** Returns false when there is no such lead (erased meanwhile, or a made-up id). */
export const setLeadStatus = async (
  db: Queryable,
  id: string,
  status: LeadStatus,
): Promise<boolean> => {
  if (!isLeadId(id)) return false
  const { affectedRows } = await db.query(
    `update public.contact_submissions
        set lead_status = $2,
            status_changed_at = case when lead_status = $2 then status_changed_at else now() end
      where id = $1`,
    [id, status],
  )
  return affectedRows > 0
}

/** An empty note is no note. */
export const setLeadNote = async (db: Queryable, id: string, note: string): Promise<boolean> => {
  if (!isLeadId(id)) return false
  const { affectedRows } = await db.query(
    'update public.contact_submissions set desk_note = $2 where id = $1',
    [id, note.trim() === '' ? null : note],
  )
  return affectedRows > 0
}

/** The leads waiting for their first answer (spam aside): how many, how many late, the oldest. */
export interface WaitingLeads {
  waiting: number
  late: number
  oldestSince: Date | null
}

export const countWaitingLeads = async (db: Queryable): Promise<WaitingLeads> => {
  const { rows } = await db.query<{ waiting: number; late: number; oldest: Date | string | null }>(
    `select count(*)::integer as waiting,
            count(*) filter (where coalesce(s.waiting_since, s.created_at)
              <= ${LATE_BEFORE_SQL})::integer as late,
            min(coalesce(s.waiting_since, s.created_at)) as oldest
       from public.contact_submissions s
      where s.first_answered_at is null and s.lead_status <> 'spam'`,
  )
  const row = rows[0]
  return {
    waiting: row?.waiting ?? 0,
    late: row?.late ?? 0,
    oldestSince: row?.oldest ? dateOf(row.oldest) : null,
  }
}
