import type { Queryable } from '../../server/db/database.ts'

/**
 * The capped outboxes' clock (decision 060), moved the way the tests move a problem's start:
 * the ledger (private.outbox_sends) is what the hour's cap and the digest's turn count, and a
 * chat receiver's deliveries held back for a digest wait until its turn (due_at). Everything
 * else, the claims, the sends and the receivers, runs as in production.
 */

/** The last digest of every queue went a quarter of an hour and a minute earlier. */
export const advanceDigestClock = async (db: Queryable): Promise<void> => {
  await db.query(
    "update private.outbox_sends set started_at = started_at - interval '16 minutes' where kind = 'digest'",
  )
  await dueNow(db)
}

/** A quarter of an hour and a second went by, for every send of every capped queue. */
export const advanceQuarterHour = async (db: Queryable): Promise<void> => {
  await db.query(
    "update private.outbox_sends set started_at = started_at - interval '15 minutes 1 second'",
  )
  await dueNow(db)
}

/** An hour went by: no queue, the lead e-mails' included, has sent anything within it. */
export const startNewHour = async (db: Queryable): Promise<void> => {
  await db.query("update private.outbox_sends set started_at = started_at - interval '61 minutes'")
  await db.query("update private.mail_sends set started_at = started_at - interval '61 minutes'")
  await dueNow(db)
}

// Held back for a digest's turn: due now that the turn has come.
const dueNow = (db: Queryable) =>
  db.query(
    `update private.webhook_deliveries set due_at = now()
      where delivered_at is null and failed_at is null and due_at > now()
        and (claimed_until is null or claimed_until <= now())`,
  )
