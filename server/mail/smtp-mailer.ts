import nodemailer from 'nodemailer'
import type { Logger } from '../log.ts'
import { createTransportSender, type SendEmail } from './mailer.ts'

/** Real delivery through SMTP_URL. Timeouts are ours so a hanging server never hangs a request. */
export const createSmtpMailer = (smtpUrl: string, contactTo: string, log: Logger): SendEmail => {
  const url = new URL(smtpUrl)
  const secure = url.protocol === 'smtps:'
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  })
  return createTransportSender(transport, contactTo, log)
}
