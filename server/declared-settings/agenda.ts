import type { SettingGroup } from './declared-setting.ts'

/**
 * The agenda of free consultations, kept in private.booking_settings
 * (server/booking/booking-settings.ts maps each to its column and reads its default and range
 * from here); the defaults are the bookings migration's, and why they are these: decisions 026
 * and 038.
 */
export const AGENDA = {
  title: 'The agenda',
  intro: [
    'The agenda of free consultations (the booking calls, [booking.md](booking.md)). It',
    'lives in the database too (`private.booking_settings`), written the same way: those set at',
    'start, the others as the database holds them. The office hours, their time zone and the',
    "consultation's length are not settings but company facts (`officeHours` and",
    '`consultationMinutes` in `company.ts`), written at every start. On hosted Supabase, `npm run',
    'booking -- settings-sql` prints the SQL for both ([deploy.md](deploy.md)). Why these',
    'defaults: [decision 026](decisions/026-booking.md).',
  ],
  envIntro: [
    'The agenda of free consultations (the booking calls), kept in the database',
    '(private.booking_settings) like the limits above: unset ones keep what the database holds (the',
    'defaults below on a new database). The office hours, time zone and consultation length are not',
    'here: they are company facts, in supabase/functions/_shared/company/company.ts.',
  ],
  settings: {
    BOOKING_MIN_NOTICE_HOURS: {
      summary: 'hours before a meeting it can still be booked',
      comment: ['Hours before a meeting it can still be booked. Default 4.'],
      fallback: 4,
      range: [0, 720],
    },
    BOOKING_HORIZON_DAYS: {
      summary: "the last bookable day is today plus this many (in the company's time zone)",
      comment: [
        "The last bookable day is today plus this many days (in the company's time zone). Default 21.",
      ],
      fallback: 21,
      range: [1, 366],
    },
    BOOKING_BUFFER_MINUTES: {
      summary: 'minutes kept free after each meeting, so two are never back to back',
      comment: ['Minutes kept free after each meeting, so two are never back to back. Default 15.'],
      fallback: 15,
      range: [0, 240],
    },
    BOOKING_MAX_PER_DAY: {
      summary: 'meetings a day, at most',
      comment: ['Meetings a day, at most. Default 4.'],
      fallback: 4,
      range: [1, 100],
    },
    BOOKING_PER_ADDRESS_PER_DAY: {
      summary: 'bookings one address (an IPv6 /64) may make in 24 hours; more get 429',
      comment: [
        'Bookings one address (an IPv6 /64) may make in 24 hours; more get 429. Default 3.',
      ],
      fallback: 3,
      range: [1, 100_000],
    },
    BOOKING_UNKNOWN_ADDRESSES_PER_DAY: {
      summary: 'the same, together, for every caller whose address is not known',
      comment: ['The same, together, for every caller whose address is not known. Default 12.'],
      fallback: 12,
      range: [1, 100_000],
    },
    BOOKING_HOLD_MINUTES: {
      summary:
        'how long a booking waits for its visitor to confirm it from the e-mail; then its time is offered again',
      comment: [
        'Against strangers (docs/decisions/038 and 039). A booking waits this many minutes for its',
        'visitor to confirm it from the e-mail; unconfirmed, its time is offered again. Default 30.',
      ],
      fallback: 30,
      range: [5, 1_440],
    },
    BOOKING_PER_NETWORK_PER_DAY: {
      summary: 'bookings one network (an IPv6 /48, an IPv4 /24) may make in 24 hours; more get 429',
      comment: [
        'Bookings one network (an IPv6 /48, an IPv4 /24) may make in 24 hours, given up ones included;',
        'more get 429. Default 6.',
      ],
      fallback: 6,
      range: [1, 100_000],
    },
    BOOKING_HOLDS_PER_NETWORK: {
      summary: 'bookings of one network waiting for their confirmation at once',
      comment: ['Bookings of one network waiting for their confirmation at once. Default 2.'],
      fallback: 2,
      range: [1, 100_000],
    },
    BOOKING_HOLDS_PER_PROVIDER: {
      summary:
        "the same for one IPv6 /32 or IPv4 /16; while more wait than two days' meetings, half of each (decision 059)",
      comment: [
        'The same for one provider (an IPv6 /32, an IPv4 /16), all its networks together. While more',
        'holds wait than two days of meetings, a network may keep one and a provider half. Default 4.',
      ],
      fallback: 4,
      range: [1, 100_000],
    },
    BOOKING_UPCOMING_PER_NETWORK: {
      summary: 'meetings to come (held or confirmed) of one network',
      comment: ['Meetings to come (held or confirmed) of one network. Default 6.'],
      fallback: 6,
      range: [1, 100_000],
    },
    BOOKING_REQUESTS_PER_EMAIL_PER_DAY: {
      summary:
        'requests to confirm one inbox may get in 24 hours, whoever books with its address (1 to 10)',
      comment: [
        'Requests to confirm one inbox may be sent in 24 hours, whoever books with its address: all a',
        "stranger can make the company's mail server send to someone. 1 to 10. Default 3.",
      ],
      fallback: 3,
      range: [1, 10],
    },
    BOOKING_CLOSE_ON_CARNAVAL: {
      summary: 'Carnaval Monday and Tuesday, and Ash Wednesday until 14h, are closed',
      comment: [
        'Whether Carnaval (Monday, Tuesday and Ash Wednesday until 14h) and Corpus Christi close the',
        'agenda, as they close most companies. Default true, both.',
      ],
      fallback: true,
    },
    BOOKING_CLOSE_ON_CORPUS_CHRISTI: {
      summary: 'Corpus Christi is closed (national holidays always are)',
      comment: [],
      fallback: true,
    },
    BOOKING_MEETING_URL: {
      summary:
        'one fixed video room for every meeting; unset (or `jitsi`): a new Jitsi Meet room each',
      comment: [
        'One fixed video room for every meeting (an https:// address). Default: each booking gets a',
        'new Jitsi Meet room at https://meet.jit.si/ (write jitsi to go back to that).',
      ],
      accepts: 'an `https://` address of at most 500 characters, or `jitsi`',
    },
    BOOKING_BUSY_CALENDAR_URL: {
      summary:
        "the company's calendar (its secret iCal address, https:// or webcal://): its busy times are not offered; a secret, logged by host only",
      comment: [
        "The company's calendar, whose busy times the agenda keeps free: its secret iCalendar address",
        '(Google Calendar: Settings > the calendar > "Secret address in iCal format"; Outlook: a',
        "published calendar's ICS link). https:// or webcal:// only. Anyone with it reads the whole",
        'calendar: keep it as secret as a password (logs show only its host). Default: not read.',
      ],
      accepts: 'an `https://` or `webcal://` address of at most 2048 characters',
    },
    BOOKING_BUSY_CALENDAR_REFRESH_MINUTES: {
      summary: 'minutes between two reads of that calendar',
      comment: ['Minutes between two reads of that calendar (1 to 1440). Default 10.'],
      fallback: 10,
      // A day at most: past that the busy times of the horizon's last days would go stale.
      range: [1, 1_440],
    },
  },
  notes: [
    '**The meeting link** is stored with each booking (`meeting_url`) and is in every e-mail and',
    'invitation: by default a room of its own on meet.jit.si',
    '(`https://meet.jit.si/Consultoria-<32 hex>`), or the one room `BOOKING_MEETING_URL` names. On',
    'meet.jit.si, since August 2023, a meeting starts only when a moderator signs in with a Google,',
    'Facebook or GitHub account (Jitsi\'s measure against abuse; until then everyone sees "Waiting',
    'for a moderator"): whoever hosts for the company opens the room from the e-mail a minute',
    'early and signs in. Visitors join from the link in their browser or the Jitsi app without an',
    'account. A company that wants no sign-in sets `BOOKING_MEETING_URL` to a room of its own (a',
    'self-hosted Jitsi, Google Meet, Zoom…).',
  ],
} as const satisfies SettingGroup
