import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailTransport } from '../../supabase/functions/_shared/mail-delivery.ts'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'

/**
 * Without SMTP_URL the server still produces the exact message it would send, as an .eml
 * file a mail program opens, so nothing needs configuring to try the form. Each
 * holds a lead's personal data: the folder and the files are the server user's alone.
 */
export const createOutboxTransport = (outboxDir: string): MailTransport => {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    async sendMail(message) {
      const info = await stream.sendMail(message)
      await mkdir(outboxDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      await writeFile(
        path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`),
        info.message,
        { mode: PRIVATE_FILE_MODE },
      )
      return info
    },
  }
}
