/** @jsxImportSource hono/jsx */
import { leadsCopy } from '../leads-copy.ts'
import { formatBrazilDateTime } from '../export/brazil-time.ts'
import type { Lead } from '../lead.ts'
import type { ReplyRecord } from '../replies/lead-replies.ts'

const copy = leadsCopy.lead.timeline

interface Entry {
  at: Date
  text: string
  /** A reply's text, shown folded. */
  body?: string
}

const replyEntry = (reply: ReplyRecord): Entry => {
  const error = reply.lastError ?? ''
  if (reply.sentAt)
    return { at: reply.sentAt, text: copy.replySent(reply.subject), body: reply.body }
  if (reply.refusedAt) {
    return { at: reply.refusedAt, text: copy.replyRefused(reply.subject, error), body: reply.body }
  }
  if (reply.failedAt) {
    return { at: reply.failedAt, text: copy.replyFailed(reply.subject, error), body: reply.body }
  }
  return { at: reply.createdAt, text: copy.replyQueued(reply.subject), body: reply.body }
}

/**
 * What happened to the lead, oldest first: received (or restored), the company's notification,
 * the alert, each reply from the desk with how it went, and the first answer when it came
 * another way. The team's own words only: nothing here is a visitor's text.
 */
export const LeadTimeline = ({
  lead,
  replies,
  notifiedAt,
}: {
  lead: Lead
  replies: ReplyRecord[]
  notifiedAt: Date | null
}) => {
  const { answer } = lead
  const entries: Entry[] = [
    { at: lead.createdAt, text: copy.received },
    ...(answer.waitingSince.getTime() !== lead.createdAt.getTime()
      ? [{ at: answer.waitingSince, text: copy.restored }]
      : []),
    ...(notifiedAt ? [{ at: notifiedAt, text: copy.notified }] : []),
    ...(answer.alertedAt ? [{ at: answer.alertedAt, text: copy.alerted }] : []),
    ...replies.map(replyEntry),
    ...(answer.answeredAt && answer.via && answer.via !== 'resposta'
      ? [{ at: answer.answeredAt, text: copy.answered(leadsCopy.answerVias[answer.via]) }]
      : []),
  ].sort((a, b) => a.at.getTime() - b.at.getTime())
  return (
    <section class="panel" aria-labelledby="historico">
      <h2 id="historico">{leadsCopy.lead.timelineHeading}</h2>
      <ol class="timeline">
        {entries.map((entry) => (
          <li>
            <time datetime={entry.at.toISOString()}>{formatBrazilDateTime(entry.at)}</time>{' '}
            {entry.text}
            {entry.body !== undefined && (
              <details>
                <summary>{copy.showReply}</summary>
                <p class="message">{entry.body}</p>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
