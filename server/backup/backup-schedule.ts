import type { ScheduleFacts } from './backup-runs.ts'

/** A failed scheduled backup is tried again after this long, until one works that day. */
export const RETRY_AFTER_MS = 60 * 60 * 1000

const QUARTER_HOUR_MS = 15 * 60 * 1000

const localTimes = new Map<string, Intl.DateTimeFormat>()
const localHourAndMinute = (instant: Date, timeZone: string) => {
  let format = localTimes.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    localTimes.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]))
  return { hour: Number(parts.hour), minute: Number(parts.minute) }
}

/**
 * The last instant, at or before `now`, when the company's clock read `hour`:00: the slot the
 * day's backup belongs to. Zones are a whole number of quarter hours from UTC, so walking back
 * by quarter hours meets it (within two days, whatever a change of summer time did).
 */
export const lastSlot = (now: Date, hour: number, timeZone: string): Date => {
  let instant = Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
  for (let step = 0; step < 2 * 24 * 4 + 8; step += 1, instant -= QUARTER_HOUR_MS) {
    const local = localHourAndMinute(new Date(instant), timeZone)
    if (local.hour === hour && local.minute === 0) return new Date(instant)
  }
  throw new Error(`No ${hour}:00 in ${timeZone} in the last two days`)
}

/**
 * Whether the day's backup should start now. Once a day, from BACKUP_HOUR on the company's
 * clock: as soon as a server is up after that hour (one that was down then catches up when it
 * starts), unless a backup already worked since, one is running, or one failed less than an
 * hour ago (then it is tried again). A new installation waits for its first backup hour
 * instead of backing up an empty database at its very first start.
 */
export const backupIsDue = (
  facts: ScheduleFacts,
  now: Date,
  hour: number,
  timeZone: string,
): boolean => {
  if (facts.running) return false
  const slot = lastSlot(now, hour, timeZone)
  if (facts.firstCheckedAt > slot) return false
  if (facts.lastSuccessAt && facts.lastSuccessAt >= slot) return false
  if (facts.lastAttemptAt && now.getTime() - facts.lastAttemptAt.getTime() < RETRY_AFTER_MS) {
    return false
  }
  return true
}
