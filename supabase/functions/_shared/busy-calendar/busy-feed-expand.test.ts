import { describe, expect, it } from 'vitest'
import { expandBusyTimes } from './busy-feed-expand.ts'
import { EXPANSION_LIMITS, type Expansion } from './busy-feed-limits.ts'

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
    const limits = { ...EXPANSION_LIMITS, maxWorkMs: 600_000 }
    expect(await expandBusyTimes(feed, WINDOW, COMPANY, limits)).toEqual({
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
    // The time bound out of the way: this is about the step bound, on any machine.
    const limits = { ...EXPANSION_LIMITS, maxWorkMs: 600_000 }
    expect(await expandBusyTimes(feed, WINDOW, COMPANY, limits)).toEqual({
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

/** A VTIMEZONE whose one observance follows `rule` from `start` (local time, no zone). */
const zone = (tzid: string, start: string, rule: string) =>
  `BEGIN:VTIMEZONE\r\nTZID:${tzid}\r\nBEGIN:STANDARD\r\nDTSTART:${start}\r\nRRULE:${rule}\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\nTZNAME:GMT-3\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n`

/** A meeting on Tuesday 16 March 2027, 10:00–11:00 in the zone `tzid`. */
const meetingIn = (tzid: string, uid = 'in-zone') =>
  event(`
UID:${uid}
DTSTART;TZID=${tzid}:20270316T100000
DTEND;TZID=${tzid}:20270316T110000`)

describe('a feed whose time zones no place on Earth has', () => {
  it.each([
    // What froze the server for 15 s, for 114 s and 1.2 GB from 1700, and for ever minutely.
    ['hourly since 1970', '19700101T000000', 'FREQ=HOURLY'],
    ['hourly since 1700', '17000101T000000', 'FREQ=HOURLY'],
    ['every minute since 1970', '19700101T000000', 'FREQ=MINUTELY'],
    ['daily since 1700', '17000101T000000', 'FREQ=DAILY'],
    // Yearly, but every hour of every day of the year.
    [
      'yearly on every hour of the year',
      '20200101T000000',
      `FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=${Array.from({ length: 28 }, (_, n) => n + 1).join(',')};BYHOUR=${Array.from({ length: 24 }, (_, n) => n).join(',')}`,
    ],
    // No date satisfies it: ical.js looks for a first year up to the year 20000.
    [
      'yearly on a first Monday of April between the 15th and the 21st',
      '20200101T000000',
      'FREQ=YEARLY;BYMONTH=4;BYDAY=1MO;BYMONTHDAY=15,16,17,18,19,20,21',
    ],
  ])('refuses a zone that changes %s, used by an event, and names it', async (_, start, rule) => {
    const feed = calendar(meetingIn('Hostil'), zone('Hostil', start, rule))
    // The zone's own count, not the 1.5 s of work, must stop it: on a busy machine the clock
    // would trip first and say "too slow" (the time guard has its test below).
    const limits = { ...EXPANSION_LIMITS, maxWorkMs: 600_000 }
    expect(await expandBusyTimes(feed, WINDOW, COMPANY, limits)).toEqual({
      ok: false,
      problem: { kind: 'absurd_zone', zone: 'Hostil' },
    })
  })

  it('reads a feed that defines such a zone but has nothing to read in it', async () => {
    const feed = calendar(
      event('UID:utc\nDTSTART:20270316T120000Z\nDTEND:20270316T130000Z') +
        // Years ago, in the absurd zone: never parsed, so the zone is never expanded.
        meetingIn('Hostil', 'old').replace(/20270316/g, '20190316'),
      zone('Hostil', '19700101T000000', 'FREQ=MINUTELY'),
    )
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      ['2027-03-16T12:00:00.000Z', '2027-03-16T13:00:00.000Z'],
    ])
  })

  it('reads a real zone as Outlook writes it, yearly rules from 1601', async () => {
    const outlookZone =
      'BEGIN:VTIMEZONE\r\nTZID:Eastern Standard Time\r\n' +
      'BEGIN:STANDARD\r\nDTSTART:16010101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nRRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11\r\nEND:STANDARD\r\n' +
      'BEGIN:DAYLIGHT\r\nDTSTART:16010101T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nRRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n'
    const feed = calendar(meetingIn('Eastern Standard Time'), outlookZone)
    // 10:00 in New York on 16 March 2027 (EDT, UTC−4).
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      ['2027-03-16T14:00:00.000Z', '2027-03-16T15:00:00.000Z'],
    ])
  })

  it('refuses a zone with more observances than a whole history has, before parsing it', async () => {
    const observance = (n: number) =>
      `BEGIN:STANDARD\r\nDTSTART:${1000 + n}0101T000000\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\nEND:STANDARD\r\n`
    const many = `BEGIN:VTIMEZONE\r\nTZID:Histórica\r\n${Array.from({ length: 1001 }, (_, n) => observance(n)).join('')}END:VTIMEZONE\r\n`
    expect(await expandBusyTimes(calendar('', many), WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'absurd_zone', zone: 'Histórica' },
    })
  })

  it('refuses more zones than a feed may define', async () => {
    const zones = Array.from({ length: 101 }, (_, n) =>
      zone(`Z${n}`, '19700101T000000', 'FREQ=YEARLY'),
    )
    expect(await expandBusyTimes(calendar('', zones.join('')), WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'too_many_zones', limit: 100 },
    })
  })
})

describe('the time a feed may take', () => {
  it('stops a feed whose every rule is within bounds but whose whole would take minutes', async () => {
    // A leap day as a daily rule since the year 1000: ~250 instances, each found after some
    // 1 461 candidates. A thousand such series pass no step bound and take minutes.
    const series = Array.from({ length: 1000 }, (_, n) =>
      event(`
UID:leap-${n}
DTSTART:10000229T120000Z
DTEND:10000229T130000Z
RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29`),
    )
    const limits = { ...EXPANSION_LIMITS, maxWorkMs: 200 }
    expect(await expandBusyTimes(calendar(series.join('')), WINDOW, COMPANY, limits)).toEqual({
      ok: false,
      problem: { kind: 'too_slow', seconds: 0.2 },
    })
  })
})

describe('reading only what may touch the window', () => {
  it('keeps an event of years ago that lasts into the window, and one with a DURATION', async () => {
    const feed = calendar(
      event('UID:long-ago\nDTSTART:20200101T000000Z\nDTEND:20270316T000000Z') +
        event('UID:by-duration\nDTSTART:20270301T000000Z\nDURATION:P20D'),
    )
    expect(times(await expandBusyTimes(feed, WINDOW, COMPANY))).toEqual([
      [new Date(WINDOW.from).toISOString(), '2027-03-16T00:00:00.000Z'],
      [new Date(WINDOW.from).toISOString(), '2027-03-21T00:00:00.000Z'],
    ])
  })

  it('keeps a long instance of a series that starts days before the window', async () => {
    // Every seven weeks from 1 January 2027, ten days each: from 19 February, then 9 April.
    const feed = calendar(
      event(`
UID:long-instances
DTSTART:20270101T000000Z
DTEND:20270111T000000Z
RRULE:FREQ=WEEKLY;INTERVAL=7`),
    )
    const wide = { from: Date.parse('2027-02-25T00:00:00Z'), until: WINDOW.until }
    expect(times(await expandBusyTimes(feed, wide, COMPANY))).toEqual([
      ['2027-02-25T00:00:00.000Z', '2027-03-01T00:00:00.000Z'],
      ['2027-04-09T00:00:00.000Z', '2027-04-19T00:00:00.000Z'],
    ])
  })

  it('pairs changed instances by a UID folded over lines and written with escapes', async () => {
    const uid = `040000008200E00074C5B7101A82E00800000000F0${'A'.repeat(60)}\\,x`
    // Folded as RFC 5545 lines are (event() writes each \n as CRLF).
    const folded = (line: string) => line.replace(/(.{70})/g, '$1\n ')
    const feed = calendar(
      event(`
${folded(`UID:${uid}`)}
DTSTART:20270316T120000Z
DTEND:20270316T130000Z
RRULE:FREQ=DAILY;COUNT=3`) +
        event(`
UID:${uid}
RECURRENCE-ID:20270317T120000Z
DTSTART:20270317T180000Z
DTEND:20270317T190000Z
BEGIN:VALARM
ACTION:DISPLAY
DTSTART:20200101T000000Z
UID:alarm
END:VALARM`),
    )
    const expansion = await expandBusyTimes(feed, WINDOW, COMPANY)
    expect(times(expansion)).toEqual([
      ['2027-03-16T12:00:00.000Z', '2027-03-16T13:00:00.000Z'],
      ['2027-03-17T18:00:00.000Z', '2027-03-17T19:00:00.000Z'],
      ['2027-03-18T12:00:00.000Z', '2027-03-18T13:00:00.000Z'],
    ])
    expect(expansion.ok && expansion.intervals[1]?.sourceUid).toBe(
      `${uid.replace('\\,', ',')} 2027-03-17T12:00:00Z`,
    )
  })

  it('names the day of an event it cannot read', async () => {
    const feed = calendar(
      event('UID:ok\nDTSTART:20270316T120000Z\nDTEND:20270316T130000Z') +
        event(
          'UID:broken\nDTSTART:20270317T120000Z\nDTEND:20270317T130000Z\nRRULE:FREQ=NONSENSE;BYDAY=XX',
        ),
    )
    expect(await expandBusyTimes(feed, WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'unparsable', eventDate: '17/03/2027' },
    })
  })
})

describe('an event with more dates than any real one', () => {
  it('is refused before ical.js reads them, naming its day', async () => {
    const dates = Array.from({ length: 5001 }, (_, n) =>
      new Date(Date.parse('2010-01-01T12:00:00Z') + n * 86_400_000)
        .toISOString()
        .replace(/[-:]|\.\d{3}/g, ''),
    )
    const feed = calendar(
      event(`
UID:exceptions
DTSTART:20100101T120000Z
DTEND:20100101T130000Z
RRULE:FREQ=DAILY
EXDATE:${dates.join(',')}`),
    )
    expect(await expandBusyTimes(feed, WINDOW, COMPANY)).toEqual({
      ok: false,
      problem: { kind: 'too_complex', eventDate: '01/01/2010' },
    })
  })
})
