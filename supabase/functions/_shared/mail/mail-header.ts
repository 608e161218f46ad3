// Control characters are what some of these patterns are about.
// deno-lint-ignore-file no-control-regex
/* eslint-disable no-control-regex */
import { isEmailAddress } from '../contact/contact-message.ts'

/**
 * Visitor text in a mail header, written so that a mail client shows exactly that text.
 *
 * Mail clients decode RFC 2047 encoded words (`=?UTF-8?B?…?=`) wherever they find them, inside
 * quoted names too, although the RFC forbids it there. Plain ASCII such as
 * `=?UTF-8?B?4oCuZXhlLmZkcA==?=` passes every check on the way in, and nodemailer sends a
 * valid-looking encoded word as is, so the company's inbox would show what it decodes to: a
 * right-to-left override, or another name and address. Text that holds `=?` (how every
 * encoded word, strict or lenient, begins) is therefore sent as encoded words of its own
 * literal characters: one decoding gives back the text as typed, and nothing is decoded twice.
 * Other text is left to nodemailer, which encodes non-ASCII itself, all of the value at once.
 */

// Line breaks would end a header; bidi overrides (U+202A–U+202E, U+2066–U+2069) and the
// marks around them can make a subject read differently from what it contains.
const HEADER_UNSAFE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g

/** A value made safe for a single-line header: unsafe characters become one space. */
export const toHeaderText = (value: string): string =>
  value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim()

/** UTF-8 bytes per encoded word: 36 bytes are 48 base64 characters, a 60-character word. */
const WORD_BYTES = 36

const encodeWord = (bytes: number[]) => `=?UTF-8?B?${btoa(String.fromCharCode(...bytes))}?=`

/**
 * The text as RFC 2047 encoded words (UTF-8, base64), split between whole characters and
 * separated by spaces, which decoders drop between adjacent encoded words (RFC 2047 §6.2).
 */
export const encodeHeaderWords = (text: string): string => {
  const encoder = new TextEncoder()
  const words: string[] = []
  let chunk: number[] = []
  for (const character of text) {
    const bytes = encoder.encode(character)
    if (chunk.length + bytes.length > WORD_BYTES) {
      words.push(encodeWord(chunk))
      chunk = []
    }
    chunk.push(...bytes)
  }
  if (chunk.length > 0) words.push(encodeWord(chunk))
  return words.join(' ')
}

/** True when a decoder could read part of this text as an encoded word. */
export const looksEncoded = (text: string): boolean => text.includes('=?')

/** A header value (already one line, see toHeaderText) a mail client shows as written. */
export const headerValue = (text: string): string =>
  looksEncoded(text) ? encodeHeaderWords(text) : text

/**
 * Whether an address may be written into a header: a checked one (isEmailAddress), with
 * nothing a decoder would read as an encoded word. An address cannot be encoded (RFC 2047 §5
 * forbids encoded words in it), so one that holds `=?` is left out of the headers; the
 * e-mail's text still shows it to the company.
 */
export const isHeaderSafeAddress = (address: string): boolean =>
  isEmailAddress(address) && !looksEncoded(address)
