import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import OTHER from '../../tests/support/other-company.json'
import type { Database } from '../db/database.ts'
import { settingProblems } from '../settings-test-kit.ts'
import { applyBookingSettings, bookingSettingsSql } from './apply-booking-settings.ts'
import { bookingFacts, bookingFactsProblems } from './booking-facts.ts'
import { BOOKING_SETTINGS, readBookingSettings, withDefaults } from './booking-settings.ts'

let db: Database

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const storedRow = async () => {
  const { rows } = await db.query<Record<string, unknown>>(
    `select time_zone, weekdays, to_char(opens, 'HH24:MI') as opens,
            to_char(closes, 'HH24:MI') as closes, slot_minutes, min_notice_hours, horizon_days,
            buffer_minutes, max_per_day, per_address_per_day, unknown_addresses_per_day,
            hold_minutes, per_network_per_day, holds_per_network, holds_per_provider,
            upcoming_per_network,
            requests_per_email_per_day, close_on_carnaval, close_on_corpus_christi, meeting_url
       from private.booking_settings`,
  )
  return rows[0]
}

/** What the row should hold for these facts and settings (unset ones at their defaults). */
const expectedRow = (facts = bookingFacts(), booking = {}) => ({
  ...facts,
  ...Object.fromEntries(
    Object.entries(withDefaults(booking)).map(([name, value]) => [
      BOOKING_SETTINGS[name as keyof typeof BOOKING_SETTINGS].column,
      value,
    ]),
  ),
})

describe('the agenda settings', () => {
  it("hold company.ts's facts and the documented defaults once the server applies the facts", async () => {
    // What the server does at each start: the facts, and no BOOKING_* setting.
    await applyBookingSettings(db, bookingFacts(), {})
    expect(await storedRow()).toEqual(expectedRow())
  })

  it('are read from BOOKING_*, with every problem named at once', () => {
    expect(
      readBookingSettings({
        BOOKING_HORIZON_DAYS: '30',
        BOOKING_BUFFER_MINUTES: '0',
        BOOKING_CLOSE_ON_CARNAVAL: 'false',
        BOOKING_MEETING_URL: 'https://meet.example.com/sala-da-equipe',
      }),
    ).toEqual({
      booking: {
        BOOKING_HORIZON_DAYS: 30,
        BOOKING_BUFFER_MINUTES: 0,
        BOOKING_CLOSE_ON_CARNAVAL: false,
        BOOKING_MEETING_URL: 'https://meet.example.com/sala-da-equipe',
      },
      problems: [],
    })
    expect(readBookingSettings({ BOOKING_MEETING_URL: 'jitsi' }).booking).toEqual({
      BOOKING_MEETING_URL: null,
    })
    const problems = settingProblems({
      BOOKING_HORIZON_DAYS: '0',
      BOOKING_MAX_PER_DAY: 'muitos',
      BOOKING_CLOSE_ON_CORPUS_CHRISTI: 'sim',
      BOOKING_MEETING_URL: 'http://meet.example.com/x',
    })
    expect(problems).toEqual([
      'BOOKING_HORIZON_DAYS must be a whole number from 1 to 366 (got "0").',
      'BOOKING_MAX_PER_DAY must be a whole number from 1 to 100 (got "muitos").',
      'BOOKING_CLOSE_ON_CORPUS_CHRISTI must be true or false (got "sim").',
      'BOOKING_MEETING_URL must be an https:// address of at most 500 characters, or "jitsi" for a new Jitsi Meet room per meeting (got "http://meet.example.com/x").',
    ])
  })

  it('are written at start only where set, with the facts always', async () => {
    await applyBookingSettings(db, bookingFacts(OTHER), { BOOKING_MAX_PER_DAY: 6 })
    expect(await storedRow()).toEqual(expectedRow(bookingFacts(OTHER), { BOOKING_MAX_PER_DAY: 6 }))
    await applyBookingSettings(db, bookingFacts(), {})
    expect(await storedRow()).toMatchObject({ ...bookingFacts(), max_per_day: 6 })
    await applyBookingSettings(db, bookingFacts(), withDefaults({}))
  })

  it('print as SQL that gives a hosted database the same row', async () => {
    const booking = {
      BOOKING_MIN_NOTICE_HOURS: 24,
      BOOKING_MEETING_URL: "https://x.example/o'brien",
    }
    const sql = bookingSettingsSql(bookingFacts(OTHER), booking)
    expect(sql).toMatch(/^update private\.booking_settings set\n/)
    await db.exec(sql)
    expect(await storedRow()).toEqual(expectedRow(bookingFacts(OTHER), booking))
    await db.exec(bookingSettingsSql(bookingFacts(), {}))
    expect(await storedRow()).toEqual(expectedRow())
  })

  it('refuse company facts the agenda cannot use, naming the field', () => {
    expect(bookingFactsProblems()).toEqual([])
    const broken = {
      officeHours: { timeZone: 'Brasil/Paulista', weekdays: [0, 1, 1], opens: '9h', closes: '18h' },
      consultationMinutes: 30,
    }
    expect(bookingFactsProblems(broken)).toEqual([
      'officeHours.timeZone in supabase/functions/_shared/company/company-facts.ts must be an IANA time zone (got "Brasil/Paulista").',
      'officeHours.weekdays in supabase/functions/_shared/company/company-facts.ts must list distinct ISO weekdays, 1 (Monday) to 7 (Sunday).',
      'officeHours.opens and closes in supabase/functions/_shared/company/company-facts.ts must be times like "09:00".',
    ])
    expect(
      bookingFactsProblems({
        officeHours: { timeZone: 'UTC', weekdays: [1], opens: '09:00', closes: '09:20' },
        consultationMinutes: 30,
      }),
    ).toEqual([
      'officeHours in supabase/functions/_shared/company/company-facts.ts must leave room for one consultation: 09:00-09:20 is shorter than 30 minutes.',
    ])
    // POSIX specifications the runtime might read are not names the database keeps.
    for (const timeZone of ['EST5EDT', 'Foo+99', 'Etc/GMT+99']) {
      expect(
        bookingFactsProblems({
          officeHours: { timeZone, weekdays: [1], opens: '09:00', closes: '18:00' },
          consultationMinutes: 30,
        }),
      ).toEqual([
        `officeHours.timeZone in supabase/functions/_shared/company/company-facts.ts must be an IANA time zone (got "${timeZone}").`,
      ])
    }
  })
})
