import {
  deliverToReceiver,
  dueWebhookReceivers,
  type WebhookDeliveryDeps,
} from '../../supabase/functions/_shared/webhook-delivery.ts'
import type { Logger } from '../log.ts'

/** A receiver's turn claims nothing new after this long; the next look starts another. */
const TURN_BUDGET_MS = 30_000

/**
 * Looks for due webhook deliveries every `intervalMs` (a few seconds: a lead reaches Slack
 * about as fast as its e-mail, without a hook in every route that stores one) and gives each
 * receiver with something due a turn of its own. A receiver whose turn is still running (a
 * slow or silent one, up to its timeout) is left to it: the others start theirs at once, so no
 * receiver ever waits for another. stop() aborts the attempts in flight, which are released
 * for the next sweep (on this server or another) without counting as attempts.
 */
export const startWebhookSweep = (
  deps: Omit<WebhookDeliveryDeps, 'log'> & { log: Logger },
  intervalMs: number,
) => {
  const turns = new Map<string, Promise<unknown>>()
  const stopping = new AbortController()
  let looking: Promise<unknown> = Promise.resolve()
  let busy = false

  const startTurn = (receiverId: string) => {
    const turn = deliverToReceiver(deps, receiverId, {
      until: Date.now() + TURN_BUDGET_MS,
      stop: stopping.signal,
    })
      .catch((error: unknown) =>
        deps.log.error('webhook_sweep_failed', {
          receiver: receiverId,
          message: error instanceof Error ? error.message : 'unknown',
        }),
      )
      .finally(() => turns.delete(receiverId))
    turns.set(receiverId, turn)
  }

  const look = () => {
    if (busy || stopping.signal.aborted) return
    busy = true
    looking = dueWebhookReceivers(deps.query)
      .then((receivers) => {
        for (const id of receivers) {
          if (!turns.has(id) && !stopping.signal.aborted) startTurn(id)
        }
      })
      .catch((error: unknown) =>
        deps.log.error('webhook_sweep_failed', {
          message: error instanceof Error ? error.message : 'unknown',
        }),
      )
      .finally(() => {
        busy = false
      })
  }

  const timer = setInterval(look, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      stopping.abort()
      await looking
      await Promise.all(turns.values())
    },
  }
}
