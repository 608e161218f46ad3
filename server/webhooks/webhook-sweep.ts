import {
  deliverToReceiver,
  dueWebhookReceivers,
  type WebhookDeliveryDeps,
} from '#shared/webhooks/webhook-delivery.ts'
import { reportFailure, startRepeatingJob } from '../jobs/repeating-job.ts'
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

  const startTurn = (receiverId: string) => {
    const turn = deliverToReceiver(deps, receiverId, {
      until: Date.now() + TURN_BUDGET_MS,
      stop: stopping.signal,
    })
      .catch((error: unknown) =>
        reportFailure(deps.log, 'webhook_sweep_failed', error, { receiver: receiverId }),
      )
      .finally(() => turns.delete(receiverId))
    turns.set(receiverId, turn)
  }

  // The look is the repeating job; the turns it starts outlive it, each receiver's its own.
  const look = startRepeatingJob({
    name: 'webhook_sweep',
    everyMs: intervalMs,
    log: deps.log,
    run: async () => {
      const receivers = await dueWebhookReceivers(deps.query)
      for (const id of receivers) {
        if (!turns.has(id) && !stopping.signal.aborted) startTurn(id)
      }
    },
  })
  return {
    async stop() {
      stopping.abort()
      await look.stop()
      await Promise.all(turns.values())
    },
  }
}
