import ICAL from 'ical.js'

/**
 * Bounds on what ical.js may spend on one feed, where it spends it. ical.js has three loops a
 * feed can make endless or enormous, and no option to bound any of them:
 * - a recurrence rule whose parts exclude every date searches for ever inside one
 *   `RecurIterator#next` (kewisch/ical.js#1038, open in 2.2.1);
 * - a time zone (VTIMEZONE) is expanded, change by change, from its first change to five years
 *   past the latest time read in it (`Timezone#_ensureCoverage`): a zone that "changes" every
 *   hour since 1700 was 114 s and 1.2 GB, every minute never ended;
 * - a yearly rule looks for its first year up to the year 20000 (`RecurIterator#init`).
 * All three go through a few RecurIterator and Timezone methods, wrapped here to count: the
 * candidates one instance may test, the zone changes one feed may make, and the time the
 * feed's work has taken. Only while `guarded` runs: nothing else in the process uses ical.js,
 * and outside it the wrappers only call through.
 */

export type GuardStop =
  /** The feed's work passed its time. */
  | { kind: 'too_slow'; seconds: number }
  /** A zone that changes more often than yearly, or more times than any real zone. */
  | { kind: 'absurd_zone'; zone: string }
  /** One instance's search passed its bound (an event's rule; a zone's is an absurd zone). */
  | { kind: 'rule_search' }

export class GuardTripped extends Error {
  constructor(readonly stop: GuardStop) {
    super(stop.kind)
  }
}

/**
 * The process's CPU time in ms (user and system), where the runtime tells it: with wall time,
 * a second upper bound of the read's own CPU time (the process may run other threads, the
 * machine other processes), so their smaller is the closer one.
 */
export type CpuClock = () => number

/** What one feed may still spend, kept across its guarded slices. */
export interface FeedWork {
  /** Work (time inside `guarded`) so far: wall time, and CPU time with a clock. */
  spentWallMs: number
  spentCpuMs: number
  cpuClock: CpuClock | undefined
  maxWorkMs: number
  zoneChangesLeft: number
  maxChangesPerZone: number
  maxRuleChecksPerInstance: number
}

export const newFeedWork = (
  limits: {
    maxWorkMs: number
    maxZoneChanges: number
    maxChangesPerZone: number
    maxRuleChecksPerInstance: number
  },
  cpuClock?: CpuClock,
): FeedWork => ({
  spentWallMs: 0,
  spentCpuMs: 0,
  cpuClock,
  maxWorkMs: limits.maxWorkMs,
  zoneChangesLeft: limits.maxZoneChanges,
  maxChangesPerZone: limits.maxChangesPerZone,
  maxRuleChecksPerInstance: limits.maxRuleChecksPerInstance,
})

let active: { work: FeedWork; wallStart: number; cpuStart: number } | undefined
let ruleChecksLeft = Number.POSITIVE_INFINITY
/** The zone being expanded, for the message, and what its expansion may still make. */
let zoneInExpansion: string | undefined
let zoneChangesLeft = 0
let ticks = 0

/** The slice's work so far, wall and CPU (Infinity without a clock). */
const sliceSpent = (slice: NonNullable<typeof active>) => ({
  wall: Date.now() - slice.wallStart,
  cpu: slice.work.cpuClock ? slice.work.cpuClock() - slice.cpuStart : Number.POSITIVE_INFINITY,
})

const checkTime = () => {
  if (!active) return
  const { wall, cpu } = sliceSpent(active)
  const spent = Math.min(active.work.spentWallMs + wall, active.work.spentCpuMs + cpu)
  if (spent > active.work.maxWorkMs) {
    throw new GuardTripped({ kind: 'too_slow', seconds: active.work.maxWorkMs / 1000 })
  }
}

/** Counts a unit of work; the clock is read every 64. */
export const tick = () => {
  if (active && (++ticks & 0x3f) === 0) checkTime()
}

/**
 * Runs `run` (synchronous: ical.js never awaits) counting its work into `work`. What it
 * throws, GuardTripped included, is the caller's to read. Time between slices (the event loop
 * serving others) is not the feed's.
 */
export const guarded = <T>(work: FeedWork, run: () => T): T => {
  if (active) throw new Error('a guarded slice is already running')
  const slice = { work, wallStart: Date.now(), cpuStart: work.cpuClock?.() ?? 0 }
  active = slice
  try {
    checkTime()
    return run()
  } finally {
    const { wall, cpu } = sliceSpent(slice)
    work.spentWallMs += wall
    work.spentCpuMs += cpu
    active = undefined
    ruleChecksLeft = Number.POSITIVE_INFINITY
    zoneInExpansion = undefined
  }
}

const zoneStop = (zone: string | undefined) =>
  new GuardTripped({ kind: 'absurd_zone', zone: zone ?? '?' })

/** One change (or one year looked through) of the zone being expanded, if any. */
const countZoneChange = (work: FeedWork) => {
  if (zoneInExpansion === undefined) return
  if (--work.zoneChangesLeft < 0 || --zoneChangesLeft < 0) throw zoneStop(zoneInExpansion)
}

const iterator = ICAL.RecurIterator.prototype

const next = iterator.next
iterator.next = function (this: ICAL.RecurIterator, again?: boolean) {
  if (!active) return next.call(this, again)
  tick()
  countZoneChange(active.work)
  const outer = ruleChecksLeft
  ruleChecksLeft = active.work.maxRuleChecksPerInstance
  try {
    return next.call(this, again)
  } finally {
    ruleChecksLeft = outer
  }
}

// The one call #1038's search repeats, every candidate.
const checkContractingRules = iterator.check_contracting_rules
iterator.check_contracting_rules = function (this: ICAL.RecurIterator) {
  if (active) {
    if (--ruleChecksLeft < 0) {
      throw zoneInExpansion !== undefined
        ? zoneStop(zoneInExpansion)
        : new GuardTripped({ kind: 'rule_search' })
    }
    tick()
  }
  return checkContractingRules.call(this)
}

// A yearly rule's first year is looked for up to the year 20000, a year at a time.
const expandYearDays = iterator.expand_year_days
iterator.expand_year_days = function (this: ICAL.RecurIterator, year: unknown) {
  if (active) {
    tick()
    countZoneChange(active.work)
  }
  return expandYearDays.call(this, year)
}

/** What a zone's observances are, as far as expanding it goes. */
const zoneShape = (component: ICAL.Component) => {
  let fixedChanges = 0
  let yearly = true
  for (const observance of component.getAllSubcomponents()) {
    const rules = observance.getAllProperties('rrule')
    const dates = observance.getAllProperties('rdate')
    for (const rule of rules) {
      const value = rule.getFirstValue()
      if (!(value instanceof ICAL.Recur) || value.freq !== 'YEARLY') yearly = false
    }
    fixedChanges += dates.length + (rules.length === 0 && dates.length === 0 ? 1 : 0)
  }
  return { fixedChanges, yearly }
}

/** Timezone's own state, read to know whether this call expands (ical.js's own condition). */
interface TimezoneState {
  changes: unknown[]
  expandedUntilYear: number
}

const timezone = ICAL.Timezone.prototype
const ensureCoverage = timezone._ensureCoverage
timezone._ensureCoverage = function (this: ICAL.Timezone, year: number) {
  const state = this as unknown as TimezoneState
  const expands = state.changes.length === 0 || state.expandedUntilYear < year
  if (!active || !expands || !(this.component instanceof ICAL.Component)) {
    ensureCoverage.call(this, year)
    return
  }
  const name = String(this.tzid || '?')
  // Every real zone (IANA's, Windows') changes its clocks by yearly rules or by dates.
  const shape = zoneShape(this.component)
  if (!shape.yearly) throw zoneStop(name)
  // Zones are expanded one at a time: a zone's rules are in local time, read in no other zone.
  zoneChangesLeft = active.work.maxChangesPerZone - shape.fixedChanges
  active.work.zoneChangesLeft -= shape.fixedChanges
  if (zoneChangesLeft < 0 || active.work.zoneChangesLeft < 0) throw zoneStop(name)
  zoneInExpansion = name
  try {
    ensureCoverage.call(this, year)
  } finally {
    zoneInExpansion = undefined
  }
}
