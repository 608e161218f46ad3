import path from 'node:path'
import nodemailer from 'nodemailer'
import {
  createBookingMailSender,
  type SendBookingEmail,
} from '#shared/booking/booking-mail-delivery.ts'
import {
  createMailSender,
  type MailTransport,
  type SendEmail,
} from '#shared/mail/mail-transport.ts'
import { smtpTransportOptions } from '#shared/mail/mail-settings.ts'
import type { Settings } from '../settings.ts'
import { mailOffTransport } from './mail-off.ts'
import { createOutboxTransport } from './outbox-transport.ts'

export interface Mailer {
  /** Lead e-mails, always to the company's inbox. */
  sendEmail: SendEmail
  /** Booking e-mails, to the visitor of a stored booking or to the company. */
  sendBookingEmail: SendBookingEmail
  /** Any prepared message (the desk's replies, the company's alerts): the same transport. */
  sendMessage: SendBookingEmail
}

const openTransport = (settings: Settings): MailTransport => {
  if (settings.mailDelivery === 'smtp' && settings.smtpUrl) {
    return nodemailer.createTransport(smtpTransportOptions(settings.smtpUrl, settings.mail))
  }
  if (settings.mailDelivery === 'off') return mailOffTransport
  return createOutboxTransport(path.join(settings.dataDir, 'outbox'))
}

/**
 * Real delivery through SMTP_URL; without it, .eml files in <DATA_DIR>/outbox in development
 * and nothing at all in production, where a file nobody reads must never pass for a sent
 * e-mail (mail-off.ts).
 */
export const openMailer = (settings: Settings): Mailer => {
  const transport = openTransport(settings)
  return {
    sendEmail: createMailSender(transport, settings.mail),
    sendBookingEmail: createBookingMailSender(transport),
    sendMessage: createBookingMailSender(transport),
  }
}
