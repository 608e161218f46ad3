import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../log.ts'
import { mailAddresses, type SendEmail } from './mailer.ts'

/**
 * Without SMTP_URL the server still produces the exact message it would send, as an .eml
 * file anyone can open in a mail program, so nothing needs configuring to try the form.
 */
export const createOutboxMailer = (
  outboxDir: string,
  contactTo: string,
  log: Logger,
): SendEmail => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
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
      await mkdir(outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
      await writeFile(file, info.message)
      log.info('mail_written', { file })
      return { ok: true }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      log.error('mail_failed', { reason })
      return { ok: false, reason }
    }
  }
}
