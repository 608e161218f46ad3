import type { Transporter } from 'nodemailer'
import type { SendContactEmailDeps } from '../../supabase/functions/_shared/send-contact-email.ts'
import type { Logger } from '../log.ts'

/** Sends one rendered contact e-mail to the fixed company address. */
export type SendEmail = SendContactEmailDeps['sendEmail']

export interface MailAddresses {
  /** The company's inbox: the only recipient there ever is. */
  to: string
  from: { name: string; address: string }
}

export const mailAddresses = (contactTo: string): MailAddresses => ({
  to: contactTo,
  from: { name: 'Formulário do site', address: contactTo },
})

/**
 * Turns a nodemailer transport into a SendEmail: the recipient and sender are always ours, and a
 * failure comes back as a value (the caller decides what it means) after one log line.
 */
export const createTransportSender = <Info>(
  transport: Transporter<Info>,
  contactTo: string,
  log: Logger,
  afterSend: (info: Info) => Promise<void> = async () => undefined,
): SendEmail => {
  const { to, from } = mailAddresses(contactTo)
  return async (email) => {
    try {
      const info = await transport.sendMail({
        from,
        to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
      })
      await afterSend(info)
      return { ok: true }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      log.error('mail_failed', { reason })
      return { ok: false, reason }
    }
  }
}
