import type { SendContactEmailDeps } from '../../supabase/functions/_shared/send-contact-email.ts'

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
