/**
 * The calendar's expansion in a worker thread, as the Node server runs it: the real worker
 * (loaded from the sources through tsx, as from dist-server/ once built), its deadline and its
 * heap, with feeds of the kinds that froze the server.
 */
import { describe, expect, it } from 'vitest'
import { expandBusyTimes } from '#shared/busy-calendar/busy-feed-expand.ts'
import { EXPANSION_LIMITS } from '#shared/busy-calendar/busy-feed-limits.ts'
import { FEEDS } from '../../tests/support/calendar-feed-server.ts'
import {
  hostileZoneFeed,
  leapDaySeriesFeed,
  yearsOfMeetingsFeed,
} from '../../tests/support/hostile-feeds.ts'
import { expandInWorker, WORKER_BOUNDS } from './expand-in-worker.ts'

const NOW = Date.parse('2027-03-15T12:00:00Z')
const DAY = 86_400_000
const WINDOW = { from: NOW - DAY, until: NOW + 37 * DAY }
const ZONE = 'America/Sao_Paulo'

describe('expanding a feed in a worker thread', () => {
  it('gives the busy times the same expansion gives in this thread', async () => {
    const here = await expandBusyTimes(FEEDS.google, WINDOW, ZONE)
    expect(here.ok && here.intervals.length).toBeGreaterThan(5)
    expect(await expandInWorker(FEEDS.google, WINDOW, ZONE)).toEqual(here)
  })

  it('refuses a zone that changes every hour, and names it', async () => {
    expect(await expandInWorker(hostileZoneFeed(NOW), WINDOW, ZONE)).toEqual({
      ok: false,
      problem: { kind: 'absurd_zone', zone: 'Hora de Brasília' },
    })
  })

  it('ends the worker at its deadline whatever it is doing, and says the feed was too slow', async () => {
    // Minutes of work no count stops: the deadline does.
    const bounds = {
      ...WORKER_BOUNDS,
      limits: { ...EXPANSION_LIMITS, maxWorkMs: 600_000 },
      deadlineMs: 3_000,
    }
    expect(await expandInWorker(leapDaySeriesFeed(), WINDOW, ZONE, { bounds })).toEqual({
      ok: false,
      problem: { kind: 'too_slow', seconds: 3 },
    })
  })

  it('stops a worker past its heap, and says the feed needed too much memory', async () => {
    // 20 MB of meetings cannot fit in a 12 MB heap; Google's small feed can.
    const bounds = { ...WORKER_BOUNDS, maxHeapMb: 12 }
    expect(await expandInWorker(yearsOfMeetingsFeed(NOW, 20), WINDOW, ZONE, { bounds })).toEqual({
      ok: false,
      problem: { kind: 'too_much_memory', megabytes: 12 },
    })
    const small = await expandInWorker(FEEDS.google, WINDOW, ZONE, { bounds })
    expect(small.ok).toBe(true)
  })

  it('reads a 5 MB feed of years of meetings within the bounds the server gives it', async () => {
    const expansion = await expandInWorker(yearsOfMeetingsFeed(NOW, 5), WINDOW, ZONE)
    expect(expansion.ok && expansion.intervals.length).toBeGreaterThan(20)
  })
})
