import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readSettings } from './settings.ts'
import { namesTheServerReads, settingProblems } from './settings-test-kit.ts'

describe('HTTP limits in settings', () => {
  it('has defaults that keep a slow or greedy client from holding the server', () => {
    const result = readSettings({})
    expect(result.ok && result.settings.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnectionsPerAddress: 64,
      maxLoopbackConnections: 1_024,
    })
  })

  it('lists every invalid limit, and headers that may outlast the request', () => {
    const problems = settingProblems({
      HEADERS_TIMEOUT_MS: '40000',
      REQUEST_TIMEOUT_MS: '30000',
      KEEP_ALIVE_TIMEOUT_MS: '0',
      MAX_CONNECTIONS_PER_ADDRESS: 'many',
      MAX_LOOPBACK_CONNECTIONS: '-1',
    })
    expect(problems).toEqual([
      'KEEP_ALIVE_TIMEOUT_MS must be a whole number from 1 to 2147483647 (got "0").',
      'MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 1 to 9007199254740991 (got "many").',
      'MAX_LOOPBACK_CONNECTIONS must be a whole number from 1 to 9007199254740991 (got "-1").',
      'HEADERS_TIMEOUT_MS (40000) must not exceed REQUEST_TIMEOUT_MS (30000): the headers are part of the request.',
    ])
  })
})

describe('the whole-number settings where 0 turns something off', () => {
  it.each([
    // A refused caller is answered 20 times a second at most; 0: no limit.
    { name: 'REFUSALS_PER_SECOND', field: 'refusalsPerSecond', fallback: 20, max: 999_999 },
    // 300 refused inserts warm the insert path before the server listens; 0: it listens at once.
    { name: 'WARM_UP_REQUESTS', field: 'warmUpRequests', fallback: 300, max: 10_000 },
  ] as const)(
    '$name: $fallback by default, takes 0, and refuses the rest',
    ({ name, field, fallback, max }) => {
      const unset = readSettings({})
      expect(unset.ok && unset.settings[field]).toBe(fallback)
      const none = readSettings({ [name]: '0' })
      expect(none.ok && none.settings[field]).toBe(0)
      for (const bad of ['-1', '1.5', 'many', String(max + 1)]) {
        const result = readSettings({ [name]: bad })
        expect(!result.ok && result.problems).toEqual([
          `${name} must be a whole number from 0 to ${max} (got "${bad}").`,
        ])
      }
    },
  )
})

describe('the visit counter’s limits', () => {
  it('take 0 (count no view, keep no source) up to the bounds the database holds, and refuse the rest', () => {
    const set = readSettings({ PAGE_VIEWS_PER_MINUTE: '0', PAGE_VIEW_SOURCES_PER_DAY: '100000' })
    expect(set.ok && set.settings.contactLimits).toEqual({
      PAGE_VIEWS_PER_MINUTE: 0,
      PAGE_VIEW_SOURCES_PER_DAY: 100_000,
    })
    const bad = readSettings({ PAGE_VIEWS_PER_MINUTE: '1000001', PAGE_VIEW_SOURCES_PER_DAY: '-1' })
    expect(!bad.ok && bad.problems).toEqual([
      'PAGE_VIEWS_PER_MINUTE must be a whole number from 0 to 1000000 (got "1000001").',
      'PAGE_VIEW_SOURCES_PER_DAY must be a whole number from 0 to 100000 (got "-1").',
    ])
  })
})

// Both are secrets a caller sends in a header: one rule, so neither may be weaker.
describe.each([
  ['MAIL_SWEEP_SECRET', 'mailSweepSecret'],
  ['HEALTH_TOKEN', 'healthToken'],
] as const)('%s', (name, key) => {
  it('is optional, and refused when short enough to guess or unfit for a header', () => {
    const secret = 'a'.repeat(31)
    const unset = readSettings({})
    expect(unset.ok && unset.settings[key]).toBe(undefined)
    const good = readSettings({ [name]: `${secret}b` })
    expect(good.ok && good.settings[key]).toBe(`${secret}b`)
    for (const bad of [secret, `${secret} b`, `${secret}é`]) {
      expect(settingProblems({ [name]: bad })).toEqual([
        `${name} must be 32 to 1024 printable ASCII characters without spaces (e.g. \`openssl rand -hex 32\`).`,
      ])
    }
  })
})

describe('the documented settings', () => {
  const tableNames = (text: string) =>
    new Set([...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]))

  it('are exactly what the server reads, in .env.example and in the tables of docs/settings.md', () => {
    const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
    const exampleNames = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
    const manual = tableNames(readFileSync(new URL('../docs/settings.md', import.meta.url), 'utf8'))
    const names = namesTheServerReads()
    expect(names.length).toBeGreaterThan(15)
    expect([...exampleNames].sort()).toEqual(names)
    expect(names.filter((name) => !manual.has(name))).toEqual([])
  })
})

describe('BOOKING_BUSY_CALENDAR_URL', () => {
  const SECRET = 'private-0123456789abcdef0123456789abcdef/basic.ics'

  it('is off unless set, and read every 10 minutes by default', () => {
    const unset = readSettings({})
    expect(unset.ok && unset.settings.busyCalendar).toBe(undefined)
    const set = readSettings({
      BOOKING_BUSY_CALENDAR_URL: `https://calendar.google.com/calendar/ical/x%40group/${SECRET}`,
    })
    expect(set.ok && set.settings.busyCalendar).toEqual({
      feed: {
        url: `https://calendar.google.com/calendar/ical/x%40group/${SECRET}`,
        host: 'calendar.google.com',
      },
      intervalMs: 600_000,
    })
  })

  it('reads a webcal:// address as https://, and takes the interval in minutes', () => {
    const result = readSettings({
      BOOKING_BUSY_CALENDAR_URL: `webcal://outlook.office365.com/owa/calendar/${SECRET}`,
      BOOKING_BUSY_CALENDAR_REFRESH_MINUTES: '15',
    })
    expect(result.ok && result.settings.busyCalendar).toEqual({
      feed: {
        url: `https://outlook.office365.com/owa/calendar/${SECRET}`,
        host: 'outlook.office365.com',
      },
      intervalMs: 900_000,
    })
  })

  it('refuses plain http:// but on loopback, and never repeats the secret part', () => {
    const refused = [
      `http://calendar.google.com/calendar/ical/${SECRET}`,
      `ftp://files.example.com/${SECRET}`,
      `calendar.google.com/${SECRET}`,
      `https://calendar.google.com/${SECRET} extra`,
      `https://calendar.google.com/${'a'.repeat(2048)}`,
    ]
    for (const address of refused) {
      const result = readSettings({ BOOKING_BUSY_CALENDAR_URL: address })
      expect(result.ok, address).toBe(false)
      const problems = result.ok ? [] : result.problems
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^BOOKING_BUSY_CALENDAR_URL must be the calendar's https:\/\//)
      expect(problems[0]).not.toContain('0123456789abcdef')
    }
    for (const loopback of ['http://127.0.0.1:8123/feed.ics', 'http://[::1]:8123/feed.ics']) {
      const result = readSettings({ BOOKING_BUSY_CALENDAR_URL: loopback })
      expect(result.ok && result.settings.busyCalendar?.feed.url).toBe(loopback)
    }
  })

  it('takes a refresh interval of 1 to 1440 minutes only', () => {
    for (const minutes of ['0', '1441', 'ten']) {
      const result = readSettings({ BOOKING_BUSY_CALENDAR_REFRESH_MINUTES: minutes })
      expect(!result.ok && result.problems).toEqual([
        `BOOKING_BUSY_CALENDAR_REFRESH_MINUTES must be a whole number from 1 to 1440 (got "${minutes}").`,
      ])
    }
  })
})
