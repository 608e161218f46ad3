import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { toMailMessage } from '#shared/mail/mail-transport.ts'
import { renderDigestEmail, type StoredSubmission } from '#shared/mail/render-contact-email.ts'
import type { Queryable } from '../../db/database.ts'
import { leadIdsOf, replaceContent } from '../../mail/eml-message.ts'
import { createMessageBuilder, writeEmlFile } from '../../mail/outbox-transport.ts'
import type { SubmissionRow } from './submission-row.ts'

/**
 * The development outbox (<DATA_DIR>/outbox, used without SMTP_URL) holds each notification
 * as an .eml file: personal data outside the database, which erasure and retention must reach,
 * and nothing more. Each copy names its leads in X-Lead-Id, so it follows the database
 * exactly: a copy whose leads are all gone goes, a digest that lost some of its leads is
 * written again without them, and a copy of leads still stored is kept. Copies written before
 * they were tagged are matched by exact address (erasure) or age (retention).
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

// What may stand right before an address's local part, or right after its domain, and still
// be part of a longer address: a@example.com is not mentioned by maria@example.com, nor by
// a@example.com.br.
const LOCAL_PART_CHARACTER = /[a-z0-9!#$%&'*+/=?^_`{|}~.-]/
const DOMAIN_CHARACTER = /[a-z0-9-]/

const mentionsWhole = (text: string, needle: string) => {
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = text.charAt(at - 1)
    const after = text.charAt(at + needle.length)
    const continues =
      DOMAIN_CHARACTER.test(after) ||
      (after === '.' && DOMAIN_CHARACTER.test(text.charAt(at + needle.length + 1)))
    if (!LOCAL_PART_CHARACTER.test(before) && !continues) return true
  }
  return false
}

/** Whether the e-mail shows one of these addresses as a whole address (any letter case). */
export const mentionsAddress = (raw: string, emails: readonly string[]): boolean => {
  const text = readableEmlText(raw)
  return emails.some((email) => {
    const needle = email.trim().toLowerCase()
    return (
      needle !== '' && (mentionsWhole(text, needle) || mentionsWhole(text, htmlEscaped(needle)))
    )
  })
}

const listEml = async (outboxDir: string) => {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  return names.filter((name) => name.endsWith('.eml')).map((name) => path.join(outboxDir, name))
}

/** Whether a copy names its leads (X-Lead-Id with at least one lead id). */
const isTagged = (raw: string) => (leadIdsOf(raw)?.length ?? 0) > 0

/** A file's text, or undefined when it went meanwhile. */
const readEml = (file: string) =>
  readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })

// One pass at a time in this process: two erasures rewriting the same digest at once could
// each put back a lead the other removed.
let passes: Promise<unknown> = Promise.resolve()
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const run = passes.then(work)
  passes = run.catch(() => undefined)
  return run
}

interface TaggedCopy {
  file: string
  raw: string
  ids: string[]
}

interface LeadRow extends SubmissionRow {
  message: string
}

const storedLeads = async (db: Queryable, ids: string[]) => {
  const { rows } = await db.query<LeadRow>(
    `select id, created_at, name, email, company, message
       from public.contact_submissions where id = any($1::uuid[])`,
    [ids],
  )
  return new Map<string, StoredSubmission>(
    rows.map((row) => [
      String(row.id).toLowerCase(),
      {
        id: String(row.id),
        createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
        name: row.name,
        email: row.email,
        company: row.company,
        message: row.message,
      },
    ]),
  )
}

// The rewritten copy keeps the original's sender and recipient (replaceContent); these only
// stand in while the new content is built.
const STAND_IN = { from: { name: '', address: 'outbox@localhost' }, to: 'outbox@localhost' }

/** A digest written again with only these of its leads, keeping its name and dates. */
const rewriteDigest = async (copy: TaggedCopy, leads: StoredSubmission[]) => {
  const email = { ...renderDigestEmail(leads), leadIds: leads.map((lead) => lead.id) }
  const built = await createMessageBuilder().sendMail(toMailMessage(email, STAND_IN))
  const dates = await stat(copy.file).catch(() => undefined)
  if (dates === undefined) return // deleted meanwhile: nothing left to rewrite
  await writeEmlFile(copy.file, replaceContent(copy.raw, built.message.toString()), {
    atime: dates.atime,
    mtime: dates.mtime,
  })
}

/**
 * Makes the tagged copies match the database: a copy none of whose leads is stored any more
 * is deleted; a digest that carries some leads no longer stored is written again with the
 * others only (never losing their copy); copies of stored leads stay. Returns how many files
 * were deleted or rewritten.
 */
export const pruneOutboxCopies = (outboxDir: string | undefined, db: Queryable) =>
  oneAtATime(async () => {
    if (outboxDir === undefined) return 0
    const copies: TaggedCopy[] = []
    for (const file of await listEml(outboxDir)) {
      const raw = await readEml(file)
      const ids = raw === undefined ? undefined : leadIdsOf(raw)
      if (raw !== undefined && ids !== undefined && ids.length > 0) copies.push({ file, raw, ids })
    }
    if (copies.length === 0) return 0
    const stored = await storedLeads(db, [...new Set(copies.flatMap((copy) => copy.ids))])
    let changed = 0
    for (const copy of copies) {
      const kept = copy.ids.flatMap((id) => stored.get(id) ?? [])
      if (kept.length === copy.ids.length) continue
      if (kept.length === 0) await rm(copy.file, { force: true })
      else await rewriteDigest(copy, kept)
      changed += 1
    }
    return changed
  })

/**
 * Deletes untagged copies (written before X-Lead-Id) that show one of these addresses as a
 * whole address. Such a digest goes whole: which of its leads is whose cannot be told, and
 * the other leads are still in the database.
 */
export const eraseUntaggedOutboxMail = async (
  outboxDir: string | undefined,
  emails: readonly string[],
): Promise<number> => {
  if (outboxDir === undefined || emails.length === 0) return 0
  let erased = 0
  for (const file of await listEml(outboxDir)) {
    const raw = await readEml(file)
    if (raw !== undefined && !isTagged(raw) && mentionsAddress(raw, emails)) {
      await rm(file, { force: true })
      erased += 1
    }
  }
  return erased
}

/** Deletes untagged copies written before the cut-off (retention). */
export const purgeUntaggedOutboxMail = async (
  outboxDir: string | undefined,
  olderThan: Date,
): Promise<number> => {
  if (outboxDir === undefined) return 0
  let purged = 0
  for (const file of await listEml(outboxDir)) {
    const raw = await readEml(file)
    if (raw === undefined || isTagged(raw)) continue
    const written = await stat(file).catch(() => undefined)
    if (written && written.mtime < olderThan) {
      await rm(file, { force: true })
      purged += 1
    }
  }
  return purged
}
