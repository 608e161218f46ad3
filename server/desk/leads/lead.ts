import type { Attribution } from '#shared/contact/attribution.ts'

/** A lead as the lead desk sees it. Status values are stored as is (migration 20261122000300). */
export const LEAD_STATUSES = ['novo', 'em_contato', 'fechado', 'spam'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

/**
 * Where the company's notification e-mail stands, derived from the delivery bookkeeping:
 * `falhou` is retried with back-off; `recusado` was refused for good by the mail server (its
 * content, decision 022) and waits for a person to read it here or re-send it.
 */
export const DELIVERIES = ['enviado', 'pendente', 'falhou', 'recusado'] as const
export type Delivery = (typeof DELIVERIES)[number]

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value)

export const isDelivery = (value: unknown): value is Delivery =>
  typeof value === 'string' && (DELIVERIES as readonly string[]).includes(value)

/**
 * How a lead was first answered (migration 20261128120000): a reply from the desk, marked as
 * answered from the team's own mail client, moved to "em contato" or "fechado", or a meeting.
 */
export const ANSWER_VIAS = ['resposta', 'manual', 'situacao', 'reuniao'] as const
export type AnswerVia = (typeof ANSWER_VIAS)[number]

export const isAnswerVia = (value: unknown): value is AnswerVia =>
  typeof value === 'string' && (ANSWER_VIAS as readonly string[]).includes(value)

/** Where a lead stands against the page's promise to answer within 24 hours. */
export interface AnswerState {
  /** When the company's clock started: when it arrived, or was restored from quarantine. */
  waitingSince: Date
  /**
   * Unanswered, not spam, and its promise's hours have run on the reply clock (office hours
   * unless REPLY_CLOCK=clock, decision 070).
   */
  late: boolean
  /**
   * When the promise breaks (waitingSince plus the promise's hours on the reply clock): read
   * for one lead's page while it waits, null in lists and exports and once answered or spam.
   */
  dueAt: Date | null
  answeredAt: Date | null
  via: AnswerVia | null
  /** When the company was alerted that the promise was about to break. */
  alertedAt: Date | null
}

/** One line of the list. */
export interface LeadSummary {
  id: string
  createdAt: Date
  name: string
  email: string
  /**
   * Whether the address's inbox confirmed it is the visitor's (a booking confirmed from its
   * e-mail, decision 060). Anyone can type anyone's address: a reply to an unconfirmed one
   * quotes nothing the visitor wrote.
   */
  emailConfirmed: boolean
  company: string | null
  /** The message's first words. */
  excerpt: string
  status: LeadStatus
  delivery: Delivery
  /** The mail server's last answer while the notification is unsent (falhou, recusado). */
  deliveryError: string | null
  answer: AnswerState
}

/** Everything the desk shows on a lead's page and exports. */
export interface Lead extends Omit<LeadSummary, 'excerpt'> {
  message: string
  /** When the company's notification went out. */
  notifiedAt: Date | null
  note: string | null
  /** Where the visitor came from (decision 033): only the values the database kept. */
  attribution: Attribution
}

/** The longest note the database accepts (contact_submissions_desk_note_check). */
export const NOTE_LIMIT = 5000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from URLs: anything else is "not found" before it reaches the database. */
export const isLeadId = (value: string): boolean => UUID.test(value)
