/**
 * The one send loop of every outbox (decision 066): the lead e-mails, the booking
 * e-mails, the company's alerts, the desk's replies and the webhooks. Each outbox claims what is
 * due in the database with a lease (its own SQL, its own rules), and then the same steps follow,
 * written here once: send each claimed send (an e-mail, a digest, a post) one after another,
 * record how it ended (sent; failed for now, due again after SQL's one back-off,
 * private.outbox_backoff; refused for good, set apart), and log it. An outbox is a small object
 * of its own steps; the order of them is this file's. Web APIs only: Deno runs it too.
 */

import type { LogFields, Logger } from './log.ts'

/**
 * How one send ended:
 * - sent: the receiving end took it;
 * - failed: not now (refused for now, not reached, not written): due again after its back-off;
 * - refused: refused for good: set apart, not sent again by itself;
 * - skipped: nothing to record: the send itself dropped it (its subject is gone) or gave it back
 *   unsent (the sender is stopping).
 */
export type SendOutcome = 'sent' | 'failed' | 'refused' | 'skipped'

/**
 * One outbox's own steps: `Send` is what one claim hands over (an e-mail, a post), `Result` how
 * its send ended, `Item` what a send carries (a lead, an alert).
 */
export interface Outbox<Send, Result, Item = unknown> {
  /** Claims what is due, with a lease (no other sender takes it meanwhile), as sends. */
  claim: () => Promise<Send[]>
  /** Sends one claimed send; the receiving end's refusal is a value, never thrown. */
  send: (send: Send) => Promise<Result>
  /** What the result counts as. */
  outcome: (result: Result) => SendOutcome
  /** Records a send the receiving end took. */
  markSent: (send: Send, result: Result) => Promise<void>
  /** Records a failure: for now (due again after the back-off), or for good when refused. */
  markFailed: (send: Send, result: Result) => Promise<void>
  /** The log lines' names. */
  names: { sent: string; failed: string; refused: string }
  /** What the log lines say of a send. */
  fields: (send: Send, result: Result) => LogFields
  log?: Logger
  /** The items a send carries (a digest, several); one when not said. */
  items?: (send: Send) => Item[]
  /**
   * A send of several items refused for good (one of them reads as spam, say) is not marked
   * refused whole: it is logged under `name`, and each half of its items in turn is moved to
   * sends of their own by `move` and sent at once, down to single items (decision 022).
   */
  split?: {
    name: string
    move: (send: Send, part: Item[]) => Promise<Send[]>
  }
  /** The waits between tries of a record that failed; RECORD_RETRY_MS when not said. */
  recordRetryMs?: readonly number[]
}

/**
 * The waits before a record is tried again (15 s in all). A send the receiving end took but
 * the database did not record (restarting, a dropped connection) would keep its claim until
 * the lease ran out and be sent again: a second copy of an e-mail. The least lease left after
 * a send is a webhook's, 30 s or more after its slowest attempt (webhookLeaseSeconds); the other
 * outboxes lease for minutes. Every try ends inside it.
 */
export const RECORD_RETRY_MS: readonly number[] = [500, 1_500, 4_000, 9_000]

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `record` until it succeeds or the waits run out (then its last error is thrown). */
const recordWithRetries = async (
  record: () => Promise<void>,
  waits: readonly number[],
  onRetry: (tries: number, error: unknown) => void,
) => {
  for (let tries = 1; ; tries += 1) {
    try {
      return await record()
    } catch (error) {
      const next = waits[tries - 1]
      if (next === undefined) throw error
      onRetry(tries, error)
      await wait(next)
    }
  }
}

/** What sends came to: how many ended each way, and the items the sent and refused carried. */
export interface OutboxTally {
  sent: number
  failed: number
  refused: number
  skipped: number
  sentItems: number
  refusedItems: number
}

const noSends = (): OutboxTally => ({
  sent: 0,
  failed: 0,
  refused: 0,
  skipped: 0,
  sentItems: 0,
  refusedItems: 0,
})

const addUp = (total: OutboxTally, more: OutboxTally): OutboxTally => {
  for (const key of Object.keys(total) as (keyof OutboxTally)[]) total[key] += more[key]
  return total
}

/** How one claimed send ended, with the parts a refused one was split into. */
export interface Delivery<Result> {
  result: Result
  outcome: SendOutcome
  tally: OutboxTally
}

/**
 * Sends one claimed send, records how it ended and logs it. It is never abandoned halfway:
 * only the send's own time limits end it, well inside the claim's lease, so a slow receiving
 * end never gets it twice.
 */
export const sendOne = async <Send, Result, Item>(
  outbox: Outbox<Send, Result, Item>,
  send: Send,
): Promise<Delivery<Result>> => {
  const result = await outbox.send(send)
  const outcome = outbox.outcome(result)
  const tally = noSends()
  if (outcome === 'skipped') {
    tally.skipped += 1
    return { result, outcome, tally }
  }
  const items = outbox.items?.(send)
  const size = items?.length ?? 1
  const fields = outbox.fields(send, result)
  if (outcome === 'refused' && items && size > 1 && outbox.split) {
    outbox.log?.error(outbox.split.name, fields)
    tally.failed += 1
    for (const half of halves(items)) {
      for (const part of await outbox.split.move(send, half)) {
        addUp(tally, (await sendOne(outbox, part)).tally)
      }
    }
    return { result, outcome, tally }
  }
  const record = (mark: () => Promise<void>) =>
    recordWithRetries(mark, outbox.recordRetryMs ?? RECORD_RETRY_MS, (tries, error) =>
      outbox.log?.error('outbox_record_retried', {
        ...fields,
        outcome,
        tries,
        message: error instanceof Error ? error.message : String(error),
      }),
    )
  if (outcome === 'sent') {
    await record(() => outbox.markSent(send, result))
    outbox.log?.info(outbox.names.sent, fields)
    tally.sent += 1
    tally.sentItems += size
  } else {
    await record(() => outbox.markFailed(send, result))
    outbox.log?.error(outbox.names[outcome], fields)
    tally[outcome] += 1
    if (outcome === 'refused') tally.refusedItems += size
  }
  return { result, outcome, tally }
}

/** Sends these, one at a time: a burst of parallel connections is what servers throttle first. */
export const sendEach = async <Send, Result, Item>(
  outbox: Outbox<Send, Result, Item>,
  sends: Send[],
): Promise<OutboxTally> => {
  const tally = noSends()
  for (const send of sends) addUp(tally, (await sendOne(outbox, send)).tally)
  return tally
}

/** Claims what is due and sends it: what every outbox's sweep is. */
export const sendDue = async <Send, Result, Item>(
  outbox: Outbox<Send, Result, Item>,
): Promise<OutboxTally> => sendEach(outbox, await outbox.claim())

/** Items in halves, the first the larger by one when odd (decision 022). */
const halves = <T>(items: T[]): T[][] => {
  const middle = Math.ceil(items.length / 2)
  return [items.slice(0, middle), items.slice(middle)]
}
