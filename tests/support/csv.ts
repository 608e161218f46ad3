/**
 * Reads CSV the way Excel set to Portuguese (Brazil) does: `;` between fields, quoted fields
 * may hold `;`, quotes ("") and line breaks, rows end with CRLF. The BOM must be removed first.
 * Another separator reads it as other readers do (en-US Excel and LibreOffice: `,`; a
 * spreadsheet's "tab" option); `quotes: 'at-start'` honours a quote only where a field begins
 * (RFC 4180's readers, Python's csv) instead of wherever one appears, and any lone CR or LF
 * ends a row.
 */
export const parseCsv = (
  text: string,
  separator = ';',
  { quotes = 'anywhere' }: { quotes?: 'anywhere' | 'at-start' } = {},
): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (character === '"') {
        quoted = false
      } else {
        field += character
      }
    } else if (character === '"' && (quotes === 'anywhere' || field === '')) {
      quoted = true
    } else if (character === separator) {
      row.push(field)
      field = ''
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index += 1
    } else if (quotes === 'at-start' && (character === '\r' || character === '\n')) {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else {
      field += character
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}
