import { webhookCopy } from './webhook-copy.ts'
import { companyClock, describeIncident, isIncidentKind } from '../alerts/incident-copy.ts'
import type { WebhookFormat } from './webhook-receivers.ts'
import {
  asLines,
  asOneLine,
  codePoints,
  DISCORD_MAX_CONTENT,
  discordEscape,
  discordValue,
  localTime,
  object,
  ours,
  slackText,
  SUPPRESS_EMBEDS,
  teamsMessage,
  text,
  typed,
  type Json,
  type Shown,
} from './webhook-text.ts'

/**
 * The body of one delivery, from the event's payload ({type, timestamp, data}, written by the
 * database's triggers) and the receiver's format:
 * - standard: the payload itself, minified (Standard Webhooks);
 * - slack: a message of Block Kit rich text (what an incoming webhook posts), with a plain
 *   `text` for notifications;
 * - teams: a message with one Adaptive Card attachment, what a Teams Workflows webhook ("Post
 *   to a channel when a webhook request is received") and the legacy connector both take;
 * - discord: `{"content": …}` (2000 characters at most), mentions and link previews off.
 * A digest (webhook-digests.ts) lists several events of one type in one such message.
 * Whatever a visitor typed is written so that no service reads it as formatting, a link, an
 * emoji code or a mention: in Slack only inside rich text `text` elements and in Teams only
 * inside TextRuns (neither reads any markup there), and escaped for Discord, whose messages
 * are markdown only. Every kind of line break a visitor can type (CR alone, U+2028…) is a
 * plain line break first, so none can end a quote early.
 */

/** A message's content, before any service's syntax: what each format renders. */
interface MessageView {
  title: string
  facts: { label: string; value: Shown }[]
  long?: { label: string; value: Shown }
  link?: { label: string; url: string }
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
export const incidentView = (incident: Json): MessageView | null => {
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

/** Slack's limits on one text are far above what a field holds; a message is cut to this. */
export const SLACK_MAX_TEXT = 3000

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
