import { describe, expect, it } from 'vitest'
import { EXPANSION_LIMITS, expandBusyTimes, type Expansion } from './busy-feed-expand.ts'

// Monday 2027-03-15, 09:00 in São Paulo; the window as the refresh makes it.
const NOW = Date.parse('2027-03-15T12:00:00Z')
const DAY = 86_400_000
const WINDOW = { from: NOW - DAY, until: NOW + 37 * DAY }
const COMPANY = 'America/Sao_Paulo'

const calendar = (body: string, header = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Teste//PT\r\n${header}${body}END:VCALENDAR\r\n`

const event = (lines: string) =>
  `BEGIN:VEVENT\r\n${lines.trim().replace(/\n/g, '\r\n')}\r\nEND:VEVENT\r\n`

const times = (expansion: Expansion) => {
  if (!expansion.ok) throw new Error(`not expanded: ${JSON.stringify(expansion.problem)}`)
  return expansion.intervals.map(({ startsAt, endsAt }) => [
    new Date(startsAt).toISOString(),
    new Date(endsAt).toISOString(),
  ])
}

describe('expanding a calendar feed into busy times', () => {
  it('reads floating times on the calendar’s clock (X-WR-TIMEZONE), else on the company’s', async () => {
    const body = event(`
UID:floating
DTSTART:20270316T100000
DTEND:20270316T110000`)
    const inLisbon = calendar(body, 'X-WR-TIMEZONE:Europe/Lisbon\r\n')
    expect(times(await expandBusyTimes(inLisbon, WINDOW, COMPANY))).toEqual([
      ['2027-03-16T10:00:00.000Z', '2027-03-16T11:00:00.000Z'],
    ])
    expect(times(await expandBusyTimes(calendar(body), WINDOW, COMPANY))).toEqual([
      ['2027-03-16T13:00:00.000Z', '2027-03-16T14:00:00.000Z'],
    ])
  })

  it('reads a zone the feed does not define with the runtime’s zone data, across its DST change', async () => {
    // New York moves its clocks on 14 March 2027: 09:00 is 14:00Z before, 13:00Z after.
    const feed = calendar(
      event(`
UID:new-york-weekly
DTSTART;TZID=America/New_York:20270312T090000
DTEND;TZID=America/New_York:20270312T093000
RRULE:FREQ=WEEKLY;COUNT=2`),
    )
    const wide = { from: Date.parse('2027-03-01T00:00:00Z'), until: WINDOW.until }
    expect(times(await expandBusyTimes(feed, wide, COMPANY))).toEqual([
      ['2027-03-12T14:00:00.000Z', '2027-03-12T14:30:00.000Z'],
      ['2027-03-19T13:00:00.000Z', '2027-03-19T13:30:00.000Z'],
    ])
  })

  it('blocks whole days on the company’s clock for an all-day event of several days', async () => {
    const feed = calendar(
      event(`
UID:ferias
DTSTART;VALUE=DATE:20270317
DTEND;VALUE=DATE:20270319`),
      'X-WR-TIMEZONE:Europe/Lisbon\r\n',
    )
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      ['2027-03-17T03:00:00.000Z', '2027-03-19T03:00:00.000Z'],
    ])
  })

  it('reads DURATION, and leaves out an event without length', async () => {
    const feed = calendar(
      event(`
UID:with-duration
DTSTART:20270316T170000Z
DURATION:PT45M`) +
        event(`
UID:no-length
DTSTART:20270316T180000Z`),
    )
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      ['2027-03-16T17:00:00.000Z', '2027-03-16T17:45:00.000Z'],
    ])
  })

  it('keeps only what touches the window, cut to its ends', async () => {
    const feed = calendar(
      event(`
UID:long
DTSTART:20270301T000000Z
DTEND:20270501T000000Z`) +
        event(`
UID:past
DTSTART:20261110T130000Z
DTEND:20261110T140000Z`),
    )
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      [new Date(WINDOW.from).toISOString(), new Date(WINDOW.until).toISOString()],
    ])
  })

  it('takes an instance moved into the window from past its end, and drops the original', async () => {
    const feed = calendar(
      event(`
UID:monthly
DTSTART:20270120T140000Z
DTEND:20270120T150000Z
RRULE:FREQ=MONTHLY;COUNT=6`) +
        event(`
UID:monthly
RECURRENCE-ID:20270520T140000Z
DTSTART:20270325T140000Z
DTEND:20270325T150000Z`),
    )
    const expansion = await expandBusyTimes(feed, WINDOW, COMPANY)
    expect(times(expansion)).toEqual([
      ['2027-03-20T14:00:00.000Z', '2027-03-20T15:00:00.000Z'],
      ['2027-03-25T14:00:00.000Z', '2027-03-25T15:00:00.000Z'],
      ['2027-04-20T14:00:00.000Z', '2027-04-20T15:00:00.000Z'],
    ])
    expect(expansion.ok && expansion.intervals.map((interval) => interval.sourceUid)).toEqual([
      'monthly 2027-03-20T14:00:00Z',
      'monthly 2027-05-20T14:00:00Z',
      'monthly 2027-04-20T14:00:00Z',
    ])
  })

  it('reads every calendar of a file that holds several', async () => {
    const feed =
      calendar(event('UID:a\nDTSTART:20270316T120000Z\nDTEND:20270316T130000Z')) +
      calendar(event('UID:b\nDTSTART:20270317T120000Z\nDTEND:20270317T130000Z'))
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toHaveLength(2)
  })

  it('returns times and UIDs only: no title, place, description or attendee', async () => {
    const feed = calendar(
      event(`
UID:private-meeting
SUMMARY:Demissão do Fulano
LOCATION:Sala do RH
DESCRIPTION:Confidencial
ATTENDEE;CN=Fulano de Tal:mailto:fulano@example.com
DTSTART:20270316T120000Z
DTEND:20270316T130000Z`),
    )
    const expansion = await expandBusyTimes(feed, WINDOW, COMPANY)
    expect(expansion.ok && expansion.intervals).toEqual([
      {
        startsAt: Date.parse('2027-03-16T12:00:00Z'),
        endsAt: Date.parse('2027-03-16T13:00:00Z'),
        sourceUid: 'private-meeting',
      },
    ])
  })
})

describe('a feed that cannot be expanded', () => {
  it('is refused when it is not iCalendar', async () => {
    for (const text of ['hello', '<!doctype html><p>Entrar</p>', 'BEGIN:VCARD\r\nEND:VCARD\r\n']) {
      expect(await expandBusyTimes(text, WINDOW, COMPANY)).toEqual({
        ok: false,
        problem: { kind: 'unparsable' },
      })
    }
  })

  it('stops a rule no date satisfies within a bound, and names the day its series starts', async () => {
    // February has no 30th: ical.js 2.2.1 would search for ever (kewisch/ical.js#1038).
    const feed = calendar(
      event(`
UID:never
DTSTART:20270101T120000Z
DTEND:20270101T130000Z
RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`),
    )
    expect(await expandBusyTimes(feed, WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'too_complex', eventDate: '01/01/2027' },
    })
  })

  it('gives up on a series with more instances before the window than it may step through', async () => {
    const feed = calendar(
      event(`
UID:every-minute
DTSTART:20260101T000000Z
DTEND:20260101T000100Z
RRULE:FREQ=MINUTELY`),
    )
    expect(await expandBusyTimes(feed, WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'too_complex', eventDate: '01/01/2026' },
    })
  })

  it('is refused with more busy times in the window than the limit', async () => {
    const feed = calendar(
      event(`
UID:hourly
DTSTART:20270315T000000Z
DTEND:20270315T003000Z
RRULE:FREQ=HOURLY`),
    )
    const limits = { ...EXPANSION_LIMITS, maxIntervals: 100 }
    expect(await expandBusyTimes(feed, WINDOW, COMPANY, limits)).toEqual({
      ok: false,
      problem: { kind: 'too_many_events', limit: 100 },
    })
  })
})
