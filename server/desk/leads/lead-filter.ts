import { readFormText } from '../http/request-values.ts'
import { isDelivery, isLeadStatus, type Delivery, type LeadStatus } from './lead.ts'

/**
 * Where a lead stands against the reply promise: waiting for its first answer (spam aside),
 * past its deadline too, or answered. Waiting leads are listed oldest first.
 */
export const ANSWER_FILTERS = ['sem_resposta', 'atrasado', 'respondido'] as const
export type AnswerFilter = (typeof ANSWER_FILTERS)[number]

const isAnswerFilter = (value: unknown): value is AnswerFilter =>
  typeof value === 'string' && (ANSWER_FILTERS as readonly string[]).includes(value)

/** What the list shows: kept in the session (never in a URL, where it would reach logs). */
export interface LeadFilter {
  search: string
  status: LeadStatus | 'todas'
  delivery: Delivery | 'todas'
  answer: AnswerFilter | 'todas'
  /** Part of the source (a utm_source, or the referring site's host): decision 033. */
  source: string
  /** Part of the utm_campaign. */
  campaign: string
}

export const EMPTY_FILTER: LeadFilter = {
  search: '',
  status: 'todas',
  delivery: 'todas',
  answer: 'todas',
  source: '',
  campaign: '',
}

/** The source and campaign fields: the database keeps at most 100 and 200 characters. */
export const SOURCE_LIMIT = 100
export const CAMPAIGN_LIMIT = 200

const readShortText = (value: unknown, limit: number) =>
  Array.from(readFormText(value).replace(/\s+/g, ' ').trim()).slice(0, limit).join('')

/** Longer searches are cut: nobody types more, and each term costs a scan. */
export const SEARCH_LIMIT = 200
const MAX_TERMS = 8

/** Reads a filter from a form or from the session's JSON; anything unknown is "all". */
export const readLeadFilter = (input: Record<string, unknown>): LeadFilter => {
  const search = Array.from(readFormText(input.search).replace(/\s+/g, ' ').trim())
    .slice(0, SEARCH_LIMIT)
    .join('')
  return {
    search,
    status: isLeadStatus(input.status) ? input.status : 'todas',
    delivery: isDelivery(input.delivery) ? input.delivery : 'todas',
    answer: isAnswerFilter(input.answer) ? input.answer : 'todas',
    source: readShortText(input.source, SOURCE_LIMIT),
    campaign: readShortText(input.campaign, CAMPAIGN_LIMIT),
  }
}

export const isFiltered = (filter: LeadFilter): boolean =>
  filter.search !== '' ||
  filter.status !== 'todas' ||
  filter.delivery !== 'todas' ||
  filter.answer !== 'todas' ||
  filter.source !== '' ||
  filter.campaign !== ''

/** Which leads to take: the list's filter and, for exports, a first day. */
export interface LeadSelection {
  filter: LeadFilter
  /** A calendar day (YYYY-MM-DD) in Brasília time; leads from its start on. */
  since?: string
}

const DELIVERY_SQL: Record<Delivery, string> = {
  enviado: 's.notified_at is not null',
  falhou: 's.notified_at is null and s.notify_refused_at is null and s.notify_error is not null',
  pendente: 's.notified_at is null and s.notify_refused_at is null and s.notify_error is null',
  recusado: 's.notified_at is null and s.notify_refused_at is not null',
}

const WAITING = `s.first_answered_at is null and s.lead_status <> 'spam'`
const ANSWER_SQL: Record<AnswerFilter, string> = {
  sem_resposta: WAITING,
  // Late on the reply clock (decision 070): waiting since before the one instant
  // private.reply_hours_before finds, read once per statement.
  atrasado: `${WAITING} and coalesce(s.waiting_since, s.created_at)
    <= (select private.reply_hours_before(now(), r.promise_hours) from private.reply_settings r)`,
  respondido: 's.first_answered_at is not null',
}

/** Leads waiting for an answer are listed oldest first: the next one to answer on top. */
export const WAITING_ORDER = 'coalesce(s.waiting_since, s.created_at), s.id'
export const NEWEST_ORDER = 's.created_at desc, s.id desc'

// LIKE's own wildcards typed by the operator are searched for literally.
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`)

/**
 * The WHERE clause for a selection, with its parameters numbered from 1. Every search term
 * must appear somewhere in the lead (name, e-mail, company or message), folded by the same
 * SQL function that fills search_text, so case and accents never decide a match.
 */
export const selectionSql = ({
  filter,
  since,
}: LeadSelection): { where: string; params: unknown[]; order: string } => {
  const conditions: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  for (const term of filter.search.split(' ').filter(Boolean).slice(0, MAX_TERMS)) {
    conditions.push(
      `s.search_text like '%' || private.search_fold(${param(escapeLike(term))}) || '%'`,
    )
  }
  if (filter.status !== 'todas') conditions.push(`s.lead_status = ${param(filter.status)}`)
  if (filter.delivery !== 'todas') conditions.push(DELIVERY_SQL[filter.delivery])
  if (filter.answer !== 'todas') conditions.push(ANSWER_SQL[filter.answer])
  // Case-insensitive parts, by the overview's own rule for a lead's source.
  if (filter.source !== '') {
    conditions.push(
      `private.attribution_source(s.utm_source, s.referrer_origin) like '%' || lower(${param(escapeLike(filter.source))}) || '%'`,
    )
  }
  if (filter.campaign !== '') {
    conditions.push(
      `lower(s.utm_campaign) like '%' || lower(${param(escapeLike(filter.campaign))}) || '%'`,
    )
  }
  if (since !== undefined) {
    conditions.push(
      `s.created_at >= (${param(since)}::date::timestamp at time zone 'America/Sao_Paulo')`,
    )
  }
  const waiting = filter.answer === 'sem_resposta' || filter.answer === 'atrasado'
  return {
    where: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '',
    params,
    order: waiting ? WAITING_ORDER : NEWEST_ORDER,
  }
}
