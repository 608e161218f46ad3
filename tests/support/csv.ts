/**
 * Reads CSV the way Excel set to Portuguese (Brazil) does: `;` between fields, quoted fields
 * may hold `;`, quotes ("") and line breaks, rows end with CRLF. The BOM must be removed first.
 */
export const parseCsv = (text: string, separator = ';'): string[][] => {
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
    } else if (character === '"') {
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
    } else {
      field += character
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}
