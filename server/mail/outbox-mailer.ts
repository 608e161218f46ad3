import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../log.ts'
import { createTransportSender, type SendEmail } from './mailer.ts'

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
  return createTransportSender(transport, contactTo, log, async (info) => {
    await mkdir(outboxDir, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
    await writeFile(file, info.message)
    log.info('mail_written', { file })
  })
}
