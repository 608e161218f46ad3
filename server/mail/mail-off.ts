import type { MailTransport } from '#shared/mail/mail-transport.ts'
import type { Queryable } from '../db/database.ts'

/**
 * What a lead's or a booking's e-mail says in the desk (and the database) while a production
 * server has no SMTP_URL: not sent, and why.
 */
export const MAIL_OFF_REASON = 'E-mail desligado: SMTP_URL não está configurado neste servidor.'

/**
 * A production server without SMTP_URL: every send fails, for now, with MAIL_OFF_REASON. So
 * each lead and booking e-mail stays unsent (the desk shows it as not sent, with the reason)
 * and waits in the database with its back-off, never written to a file nobody reads and then
 * counted as sent.
 */
export const mailOffTransport: MailTransport = {
  sendMail: () => Promise.reject(new Error(MAIL_OFF_REASON)),
}

/**
 * Once SMTP_URL is set: what waited because mail was off is due at once, instead of after the
 * back-off it grew meanwhile (up to six hours). Returns how many e-mails that is.
 */
export const releaseMailHeldWhileOff = async (db: Queryable): Promise<number> => {
  const leads = await db.query(
    `update public.contact_submissions set next_notify_at = now()
      where notified_at is null and notify_refused_at is null and notify_error = $1`,
    [MAIL_OFF_REASON],
  )
  const bookings = await db.query(
    `update private.booking_messages set due_at = now()
      where sent_at is null and refused_at is null and last_error = $1`,
    [MAIL_OFF_REASON],
  )
  return leads.affectedRows + bookings.affectedRows
}
