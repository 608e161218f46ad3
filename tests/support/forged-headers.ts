import type { ParsedMail } from 'mailparser'
import { expect } from 'vitest'
import { company } from '#shared/company/company.ts'
import { toHeaderText } from '#shared/mail/mail-header.ts'

/** The company's own domain, the one a forger would pass for ("ceo@…"). */
export const COMPANY_DOMAIN = new URL(company.siteUrl).hostname.replace(/^www\./, '')

/** RFC 2047's Q encoding: every byte but a letter or a digit as =XX, a space as _. */
const qEncoded = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((byte) => {
      const char = String.fromCharCode(byte)
      if (/[A-Za-z0-9]/.test(char)) return char
      return byte === 0x20 ? '_' : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`
    })
    .join('')

const CEO = `CEO ${company.logoWords[0]} <ceo@${COMPANY_DOMAIN}>`

/**
 * Names a visitor may type that a mail client would decode into something else if they were
 * written into a header as they are (RFC 2047 encoded words), and what each is meant to forge.
 * Every one passes the form's and the database's checks: it is plain text on one line.
 */
export const FORGED_NAMES: { label: string; name: string }[] = [
  {
    label: 'an encoded word of a right-to-left override and "exe.fdp"',
    name: '=?UTF-8?B?4oCuZXhlLmZkcA==?=',
  },
  {
    label: 'an encoded word of another name and address',
    name: `=?UTF-8?Q?${qEncoded(CEO)}?=`,
  },
  {
    label: 'a look-alike with spaces, as lenient decoders read it',
    name: `=?utf-8?q?${CEO}?=`,
  },
  {
    label: 'encoded words beside accents, quotes and a real override',
    name: 'João \u202E"Ana" =?UTF-8?B?4oCu?= =?iso-8859-1?q?=E9?=',
  },
  { label: '12 encoded words in one long name', name: '=?UTF-8?B?4oCu?='.repeat(12) },
]

/** An address a decoder could read as an encoded word: it cannot be written into a header. */
export const ENCODED_WORD_ADDRESS = `=?utf-8?q?ceo=40${COMPANY_DOMAIN}?=@example.com`

/**
 * What the company reads, parsed by mailparser as a mail client does (it decodes RFC 2047
 * wherever it finds it, inside quotes too): the Subject and the Reply-To name are the
 * characters the visitor typed, minus what toHeaderText strips, with no right-to-left
 * override and no address but the visitor's.
 */
export const expectNameReadAsTyped = (mail: ParsedMail, name: string, email: string) => {
  const typed = toHeaderText(name)
  expect(mail.subject).toBe(`Nova mensagem pelo site: ${typed}`)
  expect(mail.replyTo?.value).toEqual([{ name: typed, address: email }])
  for (const shown of [mail.subject ?? '', mail.replyTo?.text ?? '']) {
    expect(shown).not.toContain('\u202E')
  }
}
