import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * The development outbox (<DATA_DIR>/outbox, used without SMTP_URL) holds each notification
 * as an .eml file: personal data outside the database, which erasure and retention must reach.
 */

// Quoted-printable: soft line breaks (=CRLF) go, =XX becomes the byte it stands for.
const decodeQuotedPrintable = (raw: string) => {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index += 1) {
    const hex = /^=([0-9A-Fa-f]{2})/.exec(joined.slice(index, index + 3))
    if (hex?.[1]) {
      bytes.push(parseInt(hex[1], 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

// Base64 bodies: runs of lines made only of the base64 alphabet, decoded together.
const decodeBase64Runs = (raw: string) =>
  (raw.match(/(?:^[A-Za-z0-9+/]{4,}={0,2}\r?\n)+/gm) ?? [])
    .map((run) => Buffer.from(run.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n')

/**
 * The file's text as a reader would see it, whichever transfer encoding nodemailer chose for
 * each part (7bit, quoted-printable or base64), lower-cased for comparison.
 */
export const readableEmlText = (raw: string): string =>
  [raw, decodeQuotedPrintable(raw), decodeBase64Runs(raw)].join('\n').toLowerCase()

const htmlEscaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export const mentionsAddress = (raw: string, emails: readonly string[]): boolean => {
  const text = readableEmlText(raw)
  return emails.some((email) => {
    const needle = email.toLowerCase()
    return text.includes(needle) || text.includes(htmlEscaped(needle))
  })
}

const listEml = async (outboxDir: string) => {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  return names.filter((name) => name.endsWith('.eml')).map((name) => path.join(outboxDir, name))
}

/**
 * Deletes every outbox e-mail that mentions one of these addresses. A digest mentions many
 * leads and goes whole: these files are copies of what was mailed, and keeping another
 * visitor's copy matters less than leaving an erased visitor's behind.
 */
export const eraseOutboxMail = async (
  outboxDir: string | undefined,
  emails: readonly string[],
): Promise<number> => {
  if (outboxDir === undefined || emails.length === 0) return 0
  let erased = 0
  for (const file of await listEml(outboxDir)) {
    if (mentionsAddress(await readFile(file, 'utf8'), emails)) {
      await rm(file, { force: true })
      erased += 1
    }
  }
  return erased
}

/** Deletes outbox e-mails written before the cut-off (retention). */
export const purgeOutboxMail = async (
  outboxDir: string | undefined,
  olderThan: Date,
): Promise<number> => {
  if (outboxDir === undefined) return 0
  let purged = 0
  for (const file of await listEml(outboxDir)) {
    if ((await stat(file)).mtime < olderThan) {
      await rm(file, { force: true })
      purged += 1
    }
  }
  return purged
}
