/**
 * What no PostgreSQL text can hold: U+0000 (NUL), and a UTF-16 surrogate without its pair (no
 * Unicode character at all). Sent as a function's argument, PostgreSQL refused the whole call
 * in its own English ("unsupported Unicode escape sequence", 22P05) before the function could
 * say which field was wrong (decision 059).
 */
// NUL is exactly what it looks for.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * ASCII's SUBSTITUTE, "a character put in place of one found invalid": a control character,
 * which every visitor field's rule refuses in the field's own words (a name, an e-mail, a note,
 * a message), a time zone's turns to the company's, a token's finds nothing, and a source or
 * page of the visit counter is dropped.
 */
export const SUBSTITUTE = '\u001a'

/**
 * The value with every character no database text can hold put as SUBSTITUTE, in strings at any
 * depth and in object keys: a function's arguments then reach the function, whose rules answer.
 */
export const substituteUnstorable = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(UNSTORABLE, SUBSTITUTE)
  if (Array.isArray(value)) return value.map(substituteUnstorable)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key.replace(UNSTORABLE, SUBSTITUTE),
        substituteUnstorable(inner),
      ]),
    )
  }
  return value
}
