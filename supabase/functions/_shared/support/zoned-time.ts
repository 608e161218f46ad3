/**
 * A wall-clock time in an IANA time zone as an instant, with the runtime's own time zone data
 * (Intl, the same in Node and Deno). For feed times that name a zone the feed does not define,
 * and for floating times and all-day dates, which mean the calendar's or the company's clock.
 */

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

const formatterFor = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, formatter)
  }
  return formatter
}

/** Whether the runtime knows this IANA name (e.g. not a Windows zone name). */
export const isKnownTimeZone = (zone: string): boolean => {
  try {
    formatterFor(zone)
    return true
  } catch {
    return false
  }
}

/** The zone's offset from UTC at `epochMs`, in ms (São Paulo: -3 h). */
const offsetAt = (zone: string, epochMs: number): number => {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
  return asUtc - Math.floor(epochMs / 1000) * 1000
}

/**
 * The instant a clock in `zone` shows `wall`. Around a change of offset it reads as
 * Temporal's 'compatible' does: a time the clock skips moves forward by the gap, and a time
 * it shows twice is the first of the two.
 */
export const wallClockToEpochMs = (wall: WallClock, zone: string): number => {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  // No zone changes its offset twice within a day: the offsets a day before and after are the
  // only ones this clock time can have.
  const before = offsetAt(zone, asUtc - 86_400_000)
  const after = offsetAt(zone, asUtc + 86_400_000)
  const shown = [asUtc - before, asUtc - after].filter(
    (instant) => instant + offsetAt(zone, instant) === asUtc,
  )
  return shown.length > 0 ? Math.min(...shown) : asUtc - before
}
