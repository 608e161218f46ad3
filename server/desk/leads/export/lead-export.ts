import { ATTRIBUTION_FIELDS } from '#shared/contact/attribution.ts'
import { leadsCopy } from '../leads-copy.ts'
import type { Lead } from '../lead.ts'
import { formatBrazilDateTime } from './brazil-time.ts'

export type ExportFormat = 'csv' | 'json'

export const isExportFormat = (value: unknown): value is ExportFormat =>
  value === 'csv' || value === 'json'

// Excel reads a UTF-8 file as such only when it starts with a byte order mark.
const BOM = '\uFEFF'

/**
 * A cell Excel could run as a formula (=, +, -, @, or a tab or carriage return before them)
 * gets a leading apostrophe, which Excel shows as text (OWASP "CSV injection"). Visitors write
 * these fields, so an export must never run what they typed.
 *
 * Not every reader splits where Excel set to Portuguese does: en-US Excel and LibreOffice (with
 * "comma" or "tab" ticked) split at commas or tabs, and a reader that does not share our
 * quotes starts a new row at a line break inside a cell. So wherever a cell may start for any
 * of them (after a comma, semicolon, tab or line break, past spaces and quotes) a formula's
 * first character gets the apostrophe too: `Ana, =1+1` is written `Ana, '=1+1`.
 *
 * Readers also normalise and trim (decision 060): Excel may read a fullwidth `＝` as `=`, and a
 * reader that trims Unicode spaces sees a formula behind a no-break space. So "a sign" is any
 * character whose compatibility form (NFKC) is one of the four (or the minus sign), "a space"
 * any Unicode space, format character (zero-width, bidi marks) or blank-looking letter, and
 * "a split" any character whose compatibility form is a comma or semicolon, or any line break.
 */
const SIGNS =
  '=+\\-@\u2212\u207a-\u207c\u208a-\u208c\ufb29\ufe62\ufe63\ufe66\ufe6b\uff0b\uff0d\uff1d\uff20'
const SPACES = '\\s\\p{Cf}\u115f\u1160\u2800\u3164\uffa0"\uff02'
const SPLITS = ',;\\t\\r\\n\\v\\f\u0085\u2028\u2029\u037e\ufe10\ufe14\ufe50\ufe54\uff0c\uff1b'
const FORMULA_AT_START = new RegExp(`^[${SPACES}]*[${SIGNS}\\t\\r]`, 'u')
const FORMULA_AFTER_SPLIT = new RegExp(`([${SPLITS}][${SPACES}]*)(?=[${SIGNS}])`, 'gu')

/** The value with an apostrophe before every formula's start any reader could see. */
export const defuse = (value: string) => {
  const inner = value.replace(FORMULA_AFTER_SPLIT, "$1'")
  return FORMULA_AT_START.test(inner) ? `'${inner}` : inner
}

const cell = (value: string | null) => {
  const text = defuse(value ?? '')
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * CSV as Excel set to Portuguese (Brazil) opens it with a double click: UTF-8 with a BOM,
 * `;` between fields (pt-BR uses the comma for decimals), CRLF between rows, quotes only
 * where needed, dates as dd/mm/aaaa hh:mm in Brasília time.
 */
export const leadsToCsv = (leads: Lead[]): string => {
  const { columns, statuses, deliveries } = leadsCopy.export
  const header = columns.map(cell).join(';')
  const rows = leads.map((lead) =>
    [
      formatBrazilDateTime(lead.createdAt),
      lead.name,
      lead.email,
      lead.company,
      lead.message,
      statuses[lead.status],
      deliveries[lead.delivery],
      lead.deliveryError,
      lead.note,
      ...ATTRIBUTION_FIELDS.map((name) => lead.attribution[name] ?? null),
    ]
      .map(cell)
      .join(';'),
  )
  return `${BOM}${[header, ...rows].join('\r\n')}\r\n`
}

/** JSON for programs: field names as in the code, dates in ISO 8601 (UTC), one lead a line. */
export const leadsToJson = (leads: Lead[]): string => {
  const lines = leads.map((lead) =>
    JSON.stringify({
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      name: lead.name,
      email: lead.email,
      company: lead.company,
      message: lead.message,
      status: lead.status,
      delivery: lead.delivery,
      deliveryError: lead.deliveryError,
      note: lead.note,
      // Where the visitor came from; null where nothing was kept.
      ...Object.fromEntries(
        ATTRIBUTION_FIELDS.map((name) => [name, lead.attribution[name] ?? null]),
      ),
    }),
  )
  return lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`
}

export const renderExport = (format: ExportFormat, leads: Lead[]) =>
  format === 'csv'
    ? { body: leadsToCsv(leads), contentType: 'text/csv; charset=utf-8' }
    : { body: leadsToJson(leads), contentType: 'application/json; charset=utf-8' }

/** contatos-2026-11-22.csv: the day in Brasília, so a file's name matches its dates. */
export const exportFileName = (format: ExportFormat, now = new Date()) => {
  const [day, month, year] = formatBrazilDateTime(now).slice(0, 10).split('/')
  return `${leadsCopy.export.fileName}-${year}-${month}-${day}.${format}`
}
