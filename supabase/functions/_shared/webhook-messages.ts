import { webhookCopy } from './webhook-copy.ts'
import { companyClock, describeIncident, isIncidentKind } from './incident-copy.ts'
import type { WebhookFormat } from './webhook-receivers.ts'

/**
 * The body of one delivery, from the event's payload ({type, timestamp, data}, written by the
 * database's triggers) and the receiver's format:
 * - standard: the payload itself, minified (Standard Webhooks);
 * - slack: a message of Block Kit rich text (what an incoming webhook posts), with a plain
 *   `text` for notifications;
 * - teams: a message with one Adaptive Card attachment, what a Teams Workflows webhook ("Post
 *   to a channel when a webhook request is received") and the legacy connector both take;
 * - discord: `{"content": …}` (2000 characters at most), mentions and link previews off.
 * A digest (renderWebhookDigest) lists several events of one type in one such message.
 * Whatever a visitor typed is written so that no service reads it as formatting, a link, an
 * emoji code or a mention: in Slack only inside rich text `text` elements and in Teams only
 * inside TextRuns (neither reads any markup there), and escaped for Discord, whose messages
 * are markdown only. Every kind of line break a visitor can type (CR alone, U+2028…) is a
 * plain line break first, so none can end a quote early.
 */

type Json = Record<string, unknown>

/** A value shown in a message, and whether a visitor typed it (then it is never markup). */
interface Shown {
  text: string
  visitor: boolean
}

/** A message's content, before any service's syntax: what each format renders. */
interface MessageView {
  title: string
  facts: { label: string; value: Shown }[]
  long?: { label: string; value: Shown }
  link?: { label: string; url: string }
}

const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

const typed = (value: unknown): Shown => ({ text: text(value), visitor: true })
const ours = (value: string): Shown => ({ text: value, visitor: false })

/** `2026-11-26T14:30:00-03:00` on the company's clock, as people read it there. */
const localTime = (iso: unknown, zone: unknown): Shown => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text(iso))
  if (!match) return ours('')
  const [, year, month, day, hour, minute] = match
  return ours(webhookCopy.dateTime(`${day}/${month}/${year}`, `${hour}:${minute}`, text(zone)))
}

const deskLink = (url: unknown) =>
  /^https?:\/\/\S+$/.test(text(url)) ? { label: webhookCopy.openInDesk, url: text(url) } : undefined

const company = (value: unknown): Shown =>
  text(value) === '' ? ours(webhookCopy.noCompany) : typed(value)

const { labels } = webhookCopy

const leadView = (lead: Json): MessageView => ({
  title: webhookCopy.titles['lead.created'],
  facts: [
    { label: labels.name, value: typed(lead.name) },
    { label: labels.email, value: typed(lead.email) },
    { label: labels.company, value: company(lead.company) },
    { label: labels.received, value: localTime(lead.received_at_local, lead.time_zone) },
  ],
  long: { label: labels.message, value: typed(lead.message) },
  link: deskLink(lead.desk_url),
})

/** lead.overdue: the lead as lead.created shows it, with the deadline on the company's clock. */
const overdueView = (lead: Json): MessageView => {
  const view = leadView(lead)
  const [name, email, company, received] = view.facts
  return {
    ...view,
    title: webhookCopy.titles['lead.overdue'],
    facts: [
      { label: labels.deadline, value: localTime(lead.deadline_at_local, lead.time_zone) },
      ...[name, email, company, received].filter((fact) => fact !== undefined),
    ],
  }
}

/**
 * pipeline.incident: what broke, what to do, and the desk. Worded from the payload alone (the
 * time it opened stands for "now"), so every retry writes the same bytes.
 */
const incidentView = (incident: Json): MessageView | null => {
  if (!isIncidentKind(incident.kind)) return null
  const since = new Date(text(incident.since))
  const opened = new Date(text(incident.opened_at) || text(incident.since))
  if (Number.isNaN(since.getTime()) || Number.isNaN(opened.getTime())) return null
  const zone = text(incident.time_zone) || 'America/Sao_Paulo'
  const words = describeIncident(
    { kind: incident.kind, since, detail: object(incident.detail) },
    opened,
    companyClock(zone),
  )
  return {
    title: `${webhookCopy.incidentPrefix}${words.title}`,
    facts: [
      { label: labels.happened, value: ours(words.summary) },
      { label: labels.toDo, value: ours(words.action) },
    ],
    link: deskLink(incident.desk_url),
  }
}

const bookingView = (type: string, booking: Json): MessageView => {
  const cancelled = type === 'booking.cancelled'
  const facts = [
    { label: labels.when, value: localTime(booking.starts_at_local, booking.time_zone) },
    ...(type === 'booking.rescheduled'
      ? [
          {
            label: labels.previous,
            value: localTime(booking.previous_starts_at_local, booking.time_zone),
          },
        ]
      : []),
    { label: labels.name, value: typed(booking.name) },
    { label: labels.email, value: typed(booking.email) },
    { label: labels.company, value: company(booking.company) },
    cancelled
      ? {
          label: labels.cancelledBy,
          value: ours(webhookCopy.cancelledBy[text(booking.cancelled_by)] ?? ''),
        }
      : { label: labels.room, value: ours(text(booking.meeting_url)) },
  ]
  const cancelMessage = text(booking.cancel_message)
  return {
    title:
      type === 'booking.rescheduled'
        ? webhookCopy.titles['booking.rescheduled']
        : cancelled
          ? webhookCopy.titles['booking.cancelled']
          : webhookCopy.titles['booking.created'],
    facts,
    long: cancelled
      ? cancelMessage === ''
        ? undefined
        : { label: labels.cancelMessage, value: typed(cancelMessage) }
      : { label: labels.note, value: typed(booking.note) },
    link: deskLink(booking.desk_url),
  }
}

/** The view of an event, or null for a type this code does not know (never sent readable). */
const viewOf = (payload: Json): MessageView | null => {
  const type = text(payload.type)
  const data = object(payload.data)
  if (type === 'lead.created') return leadView(object(data.lead))
  if (type === 'lead.overdue') return overdueView(object(data.lead))
  if (type === 'pipeline.incident') return incidentView(object(data.incident))
  if (type.startsWith('booking.')) return bookingView(type, object(data.booking))
  return null
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
const asLines = (value: string) => replaceBreaks(value, '\n')
const asOneLine = (value: string) => replaceBreaks(value, ' ')

const codePoints = (value: string) => Array.from(value)

/** Slack's limits on one text are far above what a field holds; a message is cut to this. */
export const SLACK_MAX_TEXT = 3000

// Slack: a rich text `text` element is shown as given (emoji codes, links, mentions and
// mrkdwn are elements of their own there, never read out of text), as the Teams TextRun.
const slackText = (text: string, bold = false): Json =>
  bold ? { type: 'text', text, style: { bold: true } } : { type: 'text', text }

const slackLong = (value: string) => {
  const text = codePoints(asLines(value))
  return text.length <= SLACK_MAX_TEXT
    ? text.join('')
    : `${text.slice(0, SLACK_MAX_TEXT).join('')}${webhookCopy.cut}`
}

const renderSlack = (view: MessageView): Json => {
  const heading: Json[] = [slackText(view.title, true)]
  for (const { label, value } of view.facts) {
    // Slack refuses an empty text element: a fact with nothing in it shows the dash.
    const shown = asOneLine(value.text) || webhookCopy.noCompany
    heading.push(slackText('\n'), slackText(`${label}: `, true), slackText(shown))
  }
  const elements: Json[] = [{ type: 'rich_text_section', elements: heading }]
  if (view.long) {
    elements.push({
      type: 'rich_text_section',
      elements: [slackText(`\n${view.long.label}:`, true)],
    })
    const text = slackLong(view.long.value.text)
    if (text !== '') elements.push({ type: 'rich_text_quote', elements: [slackText(text)] })
  }
  if (view.link) {
    elements.push({
      type: 'rich_text_section',
      elements: [{ type: 'link', url: view.link.url, text: view.link.label }],
    })
  }
  return {
    // What a notification shows: the title alone, nothing a visitor typed.
    text: view.title,
    blocks: [{ type: 'rich_text', elements }],
    // A visitor's link is not fetched and previewed (its owner would learn the message was read).
    unfurl_links: false,
    unfurl_media: false,
  }
}

/** Discord's limit on a message's content. */
export const DISCORD_MAX_CONTENT = 2000
/** Discord's message flag SUPPRESS_EMBEDS: no preview of any link. */
const SUPPRESS_EMBEDS = 1 << 2

// Discord's markdown takes a backslash before any ASCII punctuation as "this character as is".
const discordEscape = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, '\\$&')

const discordValue = ({ text: value, visitor }: Shown) =>
  visitor ? discordEscape(asOneLine(value)) : value

const discordContent = (view: MessageView, long: string | undefined) => {
  const lines = [`**${view.title}**`]
  for (const { label, value } of view.facts) lines.push(`**${label}:** ${discordValue(value)}`)
  if (view.long && long !== undefined) {
    lines.push(
      `**${view.long.label}:**`,
      long
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    )
  }
  // Angle brackets: Discord shows the link without a preview.
  if (view.link) lines.push(`[${view.link.label}](<${view.link.url}>)`)
  return lines.join('\n')
}

const renderDiscord = (view: MessageView): Json => {
  const typed = view.long?.value.text
  const full = typed === undefined ? undefined : asLines(typed)
  let content = discordContent(view, full === undefined ? undefined : discordEscape(full))
  if (full !== undefined && codePoints(content).length > DISCORD_MAX_CONTENT) {
    // Cut the visitor's text (never an escape in half) until the whole message fits.
    let kept = codePoints(full)
    while (kept.length > 0 && codePoints(content).length > DISCORD_MAX_CONTENT) {
      kept = kept.slice(0, kept.length - (codePoints(content).length - DISCORD_MAX_CONTENT) - 1)
      content = discordContent(view, `${discordEscape(kept.join(''))}${webhookCopy.cut}`)
    }
  }
  return {
    content: codePoints(content).slice(0, DISCORD_MAX_CONTENT).join(''),
    allowed_mentions: { parse: [] },
    flags: SUPPRESS_EMBEDS,
  }
}

/** One line of a card: a bold label and a value, as TextRuns (Markdown is not read in them). */
/** A Teams message: one full-width Adaptive Card, with the link as its one action. */
const teamsMessage = (body: Json[], link: { label: string; url: string } | undefined): Json => ({
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

const cardLine = (label: string, value: Shown): Json => ({
  type: 'RichTextBlock',
  inlines: [
    { type: 'TextRun', text: `${label}: `, weight: 'Bolder' },
    { type: 'TextRun', text: value.text },
  ],
})

const renderTeams = (view: MessageView): Json => {
  const body: Json[] = [
    { type: 'TextBlock', text: view.title, weight: 'Bolder', size: 'Medium', wrap: true },
    ...view.facts.map(({ label, value }) => cardLine(label, value)),
  ]
  if (view.long) {
    body.push(
      { type: 'TextBlock', text: view.long.label, weight: 'Bolder', wrap: true },
      { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: view.long.value.text }] },
    )
  }
  return teamsMessage(body, view.link)
}

/**
 * The body sent to a receiver of this format. The same event always gives the same bytes, so
 * a retry repeats exactly what was signed before (with a new timestamp and signature).
 */
export const renderWebhookBody = (format: WebhookFormat, payload: unknown): string => {
  const event = object(payload)
  if (format === 'standard') {
    return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data })
  }
  const view = viewOf(event)
  if (view === null) {
    return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data })
  }
  if (format === 'slack') return JSON.stringify(renderSlack(view))
  if (format === 'discord') return JSON.stringify(renderDiscord(view))
  return JSON.stringify(renderTeams(view))
}

// ---------------------------------------------------------------------------------------------
// Digests (decision 060): past the hour's cap of posts of one type, a chat receiver gets the
// rest of that type together, one line per event, in the same care for what visitors typed.

/** One event as a digest lists it: a few short values on one line, and its page in the desk. */
interface DigestItem {
  parts: Shown[]
  link?: { label: string; url: string }
}

interface DigestView {
  title: string
  note: string
  items: DigestItem[]
  link?: { label: string; url: string }
}

const itemLink = (url: unknown) =>
  /^https?:\/\/\S+$/.test(text(url)) ? { label: webhookCopy.openOne, url: text(url) } : undefined

const digestItem = (payload: Json): DigestItem => {
  const type = text(payload.type)
  const data = object(payload.data)
  if (type === 'lead.created' || type === 'lead.overdue') {
    const lead = object(data.lead)
    const deadline = localTime(lead.deadline_at_local, lead.time_zone)
    return {
      parts: [
        typed(lead.name),
        typed(lead.email),
        ...(type === 'lead.overdue' && deadline.text !== ''
          ? [ours(`${webhookCopy.deadlineShort}: ${deadline.text}`)]
          : []),
      ],
      link: itemLink(lead.desk_url),
    }
  }
  if (type === 'pipeline.incident') {
    const view = incidentView(object(data.incident))
    return { parts: [ours(view?.title ?? type)], link: itemLink(object(data.incident).desk_url) }
  }
  if (type.startsWith('booking.')) {
    const booking = object(data.booking)
    return {
      parts: [
        localTime(booking.starts_at_local, booking.time_zone),
        typed(booking.name),
        typed(booking.email),
      ],
      link: itemLink(booking.desk_url),
    }
  }
  return { parts: [ours(type)] }
}

/** The desk's page a digest ends with: the list a lead's address belongs to, or the desk. */
const digestLink = (items: DigestItem[]) => {
  const url = items.find((item) => item.link)?.link?.url
  if (url === undefined) return undefined
  const list = url.replace(/\/[0-9a-f-]{36}$/i, '')
  return { label: webhookCopy.openInDesk, url: list }
}

const digestView = (payloads: unknown[]): DigestView => {
  const events = payloads.map(object)
  const type = text(events[0]?.type)
  const count = events.length.toLocaleString('pt-BR')
  const items = events.map(digestItem)
  return {
    title: (webhookCopy.digestTitles[type] ?? webhookCopy.digestTitle)(count),
    note: webhookCopy.digestNote,
    items,
    link: digestLink(items),
  }
}

const itemText = (item: DigestItem) =>
  item.parts
    .map((part) => asOneLine(part.text))
    .filter((part) => part !== '')
    .join(' — ')

const renderSlackDigest = (view: DigestView): Json => {
  const elements: Json[] = [
    {
      type: 'rich_text_section',
      elements: [slackText(view.title, true), slackText(`\n${view.note}\n`)],
    },
    {
      type: 'rich_text_list',
      style: 'bullet',
      elements: view.items.map((item) => ({
        type: 'rich_text_section',
        elements: [
          slackText(itemText(item) || webhookCopy.noCompany),
          ...(item.link
            ? [slackText(' '), { type: 'link', url: item.link.url, text: item.link.label }]
            : []),
        ],
      })),
    },
  ]
  if (view.link) {
    elements.push({
      type: 'rich_text_section',
      elements: [{ type: 'link', url: view.link.url, text: view.link.label }],
    })
  }
  return {
    text: view.title,
    blocks: [{ type: 'rich_text', elements }],
    unfurl_links: false,
    unfurl_media: false,
  }
}

const discordItem = (item: DigestItem) => {
  const line = item.parts
    .map((part) => discordValue(part))
    .filter((part) => part !== '')
    .join(' — ')
  return `- ${line}${item.link ? ` [${item.link.label}](<${item.link.url}>)` : ''}`
}

const discordDigestLines = (view: DigestView, items: DigestItem[]) => [
  `**${view.title}**`,
  view.note,
  ...items.map(discordItem),
  ...(view.link ? [`[${view.link.label}](<${view.link.url}>)`] : []),
]

const discordDigestFits = (view: DigestView, items: DigestItem[]) =>
  codePoints(discordDigestLines(view, items).join('\n')).length <= DISCORD_MAX_CONTENT

/** The digest's lines in Discord's markdown; the caller keeps it within 2000 characters. */
const renderDiscordDigest = (view: DigestView): Json => ({
  content: codePoints(discordDigestLines(view, view.items).join('\n'))
    .slice(0, DISCORD_MAX_CONTENT)
    .join(''),
  allowed_mentions: { parse: [] },
  flags: SUPPRESS_EMBEDS,
})

const renderTeamsDigest = (view: DigestView): Json => {
  const body: Json[] = [
    { type: 'TextBlock', text: view.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: view.note, isSubtle: true }] },
    ...view.items.map((item) => ({
      type: 'RichTextBlock',
      inlines: [
        { type: 'TextRun', text: `• ${itemText(item)}` },
        ...(item.link
          ? [
              {
                type: 'TextRun',
                text: ` ${item.link.label}`,
                selectAction: { type: 'Action.OpenUrl', url: item.link.url },
              },
            ]
          : []),
      ],
    })),
  ]
  return teamsMessage(body, view.link)
}

/**
 * How many of these events, oldest first, one post of this format carries whole: all of them,
 * but for Discord as many as fit its 2000 characters (one always does). The sender holds the
 * rest back for the next digest, so each event is in exactly one post.
 */
export const digestCapacity = (format: WebhookFormat, payloads: unknown[]): number => {
  if (format !== 'discord') return payloads.length
  let fits = Math.min(1, payloads.length)
  while (fits < payloads.length) {
    const view = digestView(payloads.slice(0, fits + 1))
    if (!discordDigestFits(view, view.items)) break
    fits += 1
  }
  return fits
}

/**
 * One post carrying several events of one type, for a chat receiver (the claim never digests
 * for a Standard Webhooks receiver; should it be asked, it gets the events' list as JSON).
 */
export const renderWebhookDigest = (format: WebhookFormat, payloads: unknown[]): string => {
  if (format === 'standard') {
    return JSON.stringify({
      type: 'digest',
      events: payloads.map(object).map((event) => ({
        type: event.type,
        timestamp: event.timestamp,
        data: event.data,
      })),
    })
  }
  const view = digestView(payloads)
  if (format === 'slack') return JSON.stringify(renderSlackDigest(view))
  if (format === 'discord') return JSON.stringify(renderDiscordDigest(view))
  return JSON.stringify(renderTeamsDigest(view))
}
