import { randomUUID } from 'node:crypto'
import { mkdir, rename, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailTransport } from '#shared/mail/mail-transport.ts'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'

/** nodemailer's streamTransport: the exact message an SMTP server would get, as bytes. */
export const createMessageBuilder = () =>
  nodemailer.createTransport({ streamTransport: true, buffer: true })

/**
 * Writes an .eml file whole or not at all (a temporary name, then a rename), so whoever
 * lists the outbox (erasure, retention) never reads half a message. `times`: keep a file's
 * dates when it is rewritten.
 */
export const writeEmlFile = async (
  file: string,
  message: Parameters<typeof writeFile>[1],
  times?: { atime: Date; mtime: Date },
) => {
  const partial = `${file}.${randomUUID().slice(0, 8)}.partial`
  await writeFile(partial, message, { mode: PRIVATE_FILE_MODE })
  if (times) await utimes(partial, times.atime, times.mtime)
  await rename(partial, file)
}

/**
 * Without SMTP_URL the server still produces the exact message it would send, as an .eml
 * file a mail program opens, so nothing needs configuring to try the form. Its
 * X-Lead-Id header names the leads it carries: erasure and retention find copies by it. Each
 * holds a lead's personal data: the folder and the files are the server user's alone.
 */
export const createOutboxTransport = (outboxDir: string): MailTransport => {
  const builder = createMessageBuilder()
  return {
    async sendMail(message) {
      const info = await builder.sendMail(message)
      await mkdir(outboxDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      await writeEmlFile(
        path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`),
        info.message,
      )
      return info
    },
  }
}
