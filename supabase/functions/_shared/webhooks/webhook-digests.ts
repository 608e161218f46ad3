import { webhookCopy } from './webhook-copy.ts'
import { incidentView } from './webhook-messages.ts'
import type { WebhookFormat } from './webhook-receivers.ts'
import {
  asOneLine,
  codePoints,
  DISCORD_MAX_CONTENT,
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
 * Digests (decision 060): past the hour's cap of posts of one type, a chat receiver gets the
 * rest of that type together, one line per event, in the same care for what visitors typed
 * as a single message (webhook-messages.ts).
 */

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
