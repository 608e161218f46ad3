import type { Database } from '../../db/database.ts'
import type { Logger } from '../../log.ts'
import type { SendEmail } from '#shared/mail/mail-transport.ts'
import type { SendMessage } from '#shared/alerts/company-alert-delivery.ts'
import type { Context } from 'hono'
import type { PreparedPassword } from '../sign-in/password-check.ts'
import type { DeskSession } from '../sign-in/session-store.ts'
import type { DeskCookies } from './desk-cookies.ts'
import type { DeskNavCounts } from '../layout/desk-nav.tsx'
import type { MailDelivery } from '../../settings.ts'

/** What the lead desk is given by the server (see server/desk/lead-desk.ts). */
export interface LeadDeskOptions {
  /** The check of a guess, and the fingerprint sessions are made under. */
  password: PreparedPassword
  /** Every sign-in answer, whatever it is, is held until this long after the request came. */
  loginAnswerMs: number
  /** The development outbox, whose copies erasure deletes; undefined when there is none. */
  outboxDir: string | undefined
  /** Whether the visitor came over HTTPS (see proxy-trust.ts): Secure and __Host- cookies. */
  isHttps: (c: Context) => boolean
  /**
   * The site's public address (SITE_URL, else company.ts's siteUrl): where the links the desk
   * hands out point, the calendar feed's secret address included. Never the request's Host
   * header, which whoever sends the request writes.
   */
  siteUrl?: string
  /** How this server's e-mail leaves (settings.ts); every page warns when it reaches nobody. */
  mailDelivery?: MailDelivery
}

/** Mail to a lead's own address (the desk's replies), through the normal mail path. */
export interface VisitorMail {
  sendMessage: SendMessage
  settings: { to: string; from: { name: string; address: string } }
  /** The site's public address: the reply templates link its agenda. */
  siteUrl: string
  /** How long the desk waits for the mail server before saying "na fila" (the send goes on). */
  responseDeadlineMs: number
}

export interface DeskDeps extends LeadDeskOptions {
  db: Database
  sendEmail: SendEmail
  /** Undefined where the server sends no mail to visitors (some tests): replies are off. */
  visitorMail?: VisitorMail
  log: Logger
  clientAddress: (c: Context) => string | undefined
  cookies: DeskCookies
}

/**
 * The signed-in session, set by requireSession for every route behind it, and the counts the
 * navigation shows (deskNav, set for pages).
 */
export type DeskEnv = { Variables: { session: DeskSession; deskNav?: DeskNavCounts } }
