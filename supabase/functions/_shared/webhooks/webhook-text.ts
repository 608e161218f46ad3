import { webhookCopy } from './webhook-copy.ts'

/**
 * What every webhook message is made of, whatever its service: a value shown and whether a
 * visitor typed it, the line breaks a service might honour, and each service's way to show a
 * visitor's text as text (Slack's rich text, Discord's escapes, Teams' TextRuns in a card).
 * webhook-messages.ts writes one event's message with these, webhook-digests.ts several.
 */

export type Json = Record<string, unknown>

/** A value shown in a message, and whether a visitor typed it (then it is never markup). */
export interface Shown {
  text: string
  visitor: boolean
}

export const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '')

export const typed = (value: unknown): Shown => ({ text: text(value), visitor: true })
export const ours = (value: string): Shown => ({ text: value, visitor: false })

/** `2026-11-26T14:30:00-03:00` on the company's clock, as people read it there. */
export const localTime = (iso: unknown, zone: unknown): Shown => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text(iso))
  if (!match) return ours('')
  const [, year, month, day, hour, minute] = match
  return ours(webhookCopy.dateTime(`${day}/${month}/${year}`, `${hour}:${minute}`, text(zone)))
}

/**
 * Every way a text can break a line that a service might honour (CR LF, CR or LF alone, NEL,
 * vertical tab, form feed, U+2028, U+2029), as LF: a quote that is continued line by line
 * must see every line. A fact is one line: its breaks become spaces.
 */
const LINE_BREAKS = new Set(['\r', '\n', '\u0085', '\u000b', '\u000c', '\u2028', '\u2029'])
// A loop, not a regular expression: linters refuse control characters in one.
const replaceBreaks = (value: string, by: string) => {
  let out = ''
  for (let index = 0; index < value.length; index += 1) {
    const character = value[index] ?? ''
    if (character === '\r' && value[index + 1] === '\n') index += 1
    out += LINE_BREAKS.has(character) ? by : character
  }
  return out
}
export const asLines = (value: string) => replaceBreaks(value, '\n')
export const asOneLine = (value: string) => replaceBreaks(value, ' ')

export const codePoints = (value: string) => Array.from(value)

// Slack: a rich text `text` element is shown as given (emoji codes, links, mentions and
// mrkdwn are elements of their own there, never read out of text), as the Teams TextRun.
export const slackText = (text: string, bold = false): Json =>
  bold ? { type: 'text', text, style: { bold: true } } : { type: 'text', text }

/** Discord's limit on a message's content. */
export const DISCORD_MAX_CONTENT = 2000
/** Discord's message flag SUPPRESS_EMBEDS: no preview of any link. */
export const SUPPRESS_EMBEDS = 1 << 2

// Discord's markdown takes a backslash before any ASCII punctuation as "this character as is".
export const discordEscape = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, '\\$&')

export const discordValue = ({ text: value, visitor }: Shown) =>
  visitor ? discordEscape(asOneLine(value)) : value

/** A Teams message: one full-width Adaptive Card, with the link as its one action. */
export const teamsMessage = (
  body: Json[],
  link: { label: string; url: string } | undefined,
): Json => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        body,
        ...(link
          ? { actions: [{ type: 'Action.OpenUrl', title: link.label, url: link.url }] }
          : {}),
        msteams: { width: 'Full' },
      },
    },
  ],
})
