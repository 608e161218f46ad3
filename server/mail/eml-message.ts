/**
 * Just enough of a message's header block (RFC 5322) to work with the outbox's own .eml files:
 * which leads a copy carries (X-Lead-Id, written by createMailSender) and how to give a copy
 * new content while it keeps its sender, recipient, date and Message-ID.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface HeaderField {
  /** Lower case. */
  name: string
  /** As written, folded lines included. */
  lines: string
}

interface ParsedEml {
  newline: string
  fields: HeaderField[]
  body: string
}

const parseEml = (raw: string): ParsedEml => {
  const newline = raw.includes('\r\n') ? '\r\n' : '\n'
  const end = raw.indexOf(newline + newline)
  const head = end < 0 ? raw : raw.slice(0, end)
  const body = end < 0 ? '' : raw.slice(end + newline.length * 2)
  const fields: HeaderField[] = []
  for (const line of head.split(newline)) {
    const last = fields.at(-1)
    if (/^[ \t]/.test(line) && last) last.lines += newline + line
    else
      fields.push({
        name: line.slice(0, Math.max(0, line.indexOf(':'))).toLowerCase(),
        lines: line,
      })
  }
  return { newline, fields, body }
}

const fieldValue = (field: HeaderField) =>
  field.lines
    .slice(field.lines.indexOf(':') + 1)
    .replace(/\r?\n[ \t]/g, ' ')
    .trim()

/**
 * The lead ids a copy carries (one for a single e-mail, several for a digest), or undefined
 * for a file without X-Lead-Id (written before copies were tagged).
 */
export const leadIdsOf = (raw: string): string[] | undefined => {
  const field = parseEml(raw).fields.find((candidate) => candidate.name === 'x-lead-id')
  if (!field) return undefined
  return fieldValue(field)
    .split(/[\s,]+/)
    .filter((id) => UUID.test(id))
    .map((id) => id.toLowerCase())
}

/** What identifies the copy as the message that was sent; everything else is its content. */
const IDENTITY = /^(?:from|to|cc|date|message-id)$/

/**
 * The original copy with the content of `replacement` (a message built the same way): its
 * subject, X-Lead-Id, MIME headers and body, under the original's sender, recipient, date
 * and Message-ID.
 */
export const replaceContent = (original: string, replacement: string): string => {
  const kept = parseEml(original)
  const fresh = parseEml(replacement.replace(/\r?\n/g, kept.newline))
  const fields = [
    ...kept.fields.filter((field) => IDENTITY.test(field.name)),
    ...fresh.fields.filter((field) => !IDENTITY.test(field.name)),
  ]
  return [...fields.map((field) => field.lines), '', fresh.body].join(kept.newline)
}
