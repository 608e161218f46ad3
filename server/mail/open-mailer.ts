import path from 'node:path'
import nodemailer from 'nodemailer'
import { createMailSender, type SendEmail } from '../../supabase/functions/_shared/mail-delivery.ts'
import { smtpTransportOptions } from '../../supabase/functions/_shared/mail-settings.ts'
import type { Settings } from '../settings.ts'
import { createOutboxTransport } from './outbox-transport.ts'

/** Real delivery through SMTP_URL, or .eml files in <DATA_DIR>/outbox without it. */
export const openMailer = (settings: Settings): SendEmail =>
  createMailSender(
    settings.smtpUrl
      ? nodemailer.createTransport(smtpTransportOptions(settings.smtpUrl, settings.mail))
      : createOutboxTransport(path.join(settings.dataDir, 'outbox')),
    settings.mail,
  )
