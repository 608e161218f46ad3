import type { SettingGroup } from './declared-setting.ts'

/**
 * What visitors may send, kept in private.contact_settings (server/db/contact-limits.ts maps
 * each to its column). The defaults are the migrations' for a new database, and the ranges
 * their checks; declared-settings.test.ts compares both with a freshly migrated database.
 */
export const VISITOR_LIMITS = {
  title: 'Limits on what visitors may send',
  intro: [
    'They live in the database (`private.contact_settings`), so every server on one PostgreSQL',
    'applies the same ones; the server writes those that are set at start, and an unset one keeps',
    'what the database holds (these defaults on a new database). On hosted Supabase change them',
    'with SQL ([deploy.md](deploy.md)).',
  ],
  envIntro: [
    'Limits on what visitors may send, kept in the database (private.contact_settings) so every',
    'server on one PostgreSQL applies the same ones. Unset: the database keeps what it holds (the',
    'defaults below on a new database).',
  ],
  settings: {
    RATE_LIMIT_PER_ADDRESS: {
      summary: 'submissions one address (an IPv6 /64) may make per window; more get 429',
      comment: [
        'Submissions one address (an IPv6 /64) may make per window; more get 429. Default 10.',
      ],
      fallback: 10,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_PER_HOME: {
      summary:
        "the same for one home (an IPv6 /56), all its addresses together; never below the address's",
      comment: [
        "The same for all the addresses of one home (an IPv6 /56) together, never below the address's.",
        'Default 20.',
      ],
      fallback: 20,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_PER_NETWORK: {
      summary: "the same for one network (an IPv6 /48, an IPv4 /24); never below the address's",
      comment: [
        "The same for one network (an IPv6 /48, an IPv4 /24) together, never below the address's.",
        'Default 60.',
      ],
      fallback: 60,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_UNKNOWN_ADDRESSES: {
      summary: 'the same, together, for every caller whose address is not known',
      comment: ['The same, together, for every caller whose address is not known. Default 60.'],
      fallback: 60,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_WINDOW_MINUTES: {
      summary: 'the window of both (`Retry-After` says when the next one is accepted)',
      comment: ['The window of both limits, in minutes. Default 10.'],
      fallback: 10,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_ROWS_PER_REQUEST: {
      summary: 'rows one insert may carry (the site sends one)',
      comment: ['Rows one insert may carry (the site sends one). Default 1.'],
      fallback: 1,
      range: [1, 2_000_000_000],
    },
    RATE_LIMIT_MAIL_PER_HOUR: {
      summary:
        'single e-mails to the company per hour, and alerts of each kind, and posts of each event type per chat channel; the rest arrive as a digest every 15 minutes',
      comment: [
        'Single e-mails to the company per hour; the rest arrive as a digest every 15 minutes. Default 20.',
      ],
      fallback: 20,
      range: [0, 2_000_000_000],
    },
    FORM_MIN_FILL_MS: {
      summary: "a submission sent sooner after the page loaded looks like a bot's: quarantined",
      comment: [
        "A submission sent sooner than this after the page loaded looks like a bot's: thanked, kept",
        'in the quarantine (/painel/quarentena), not mailed. Default 3000.',
      ],
      fallback: 3_000,
      range: [0, 2_000_000_000],
    },
    QUARANTINE_DAYS: {
      summary: 'days a quarantined submission waits for review, then it is deleted (daily)',
      comment: ['Days a quarantined submission waits for review before it is deleted. Default 14.'],
      fallback: 14,
      range: [1, 3_650],
    },
    QUARANTINE_MAX_ENTRIES: {
      summary:
        'quarantined submissions kept: 1/100 from one /64, 1/25 from a /48 or /24, 1/10 from a /32 or /16; once full, up to twice as many for a /32 holding under 1/100',
      comment: [
        'Quarantined submissions kept at most, 1/100 of them from one address (an IPv6 /64), 1/25 from',
        'one network (/48 or /24) and 1/10 from one provider (/32 or /16); once full, only a provider',
        'holding fewer than 1/100 is still kept, up to twice as many; past that, flagged ones are',
        'refused with words to try later. Default 500.',
      ],
      fallback: 500,
      range: [0, 2_000_000_000],
    },
    PAGE_VIEWS_PER_MINUTE: {
      summary:
        'page views counted per minute for the whole site (decision 033), 1/30 from one /64, 1/20 one /56, 1/15 one /48 (decision 059); more are not counted',
      comment: [
        'Page views the visit counter counts per minute, for the whole site, 1/30 of them from one',
        'address (an IPv6 /64), 1/20 from one /56 and 1/15 from one /48 or IPv4 /24; more are not',
        'counted (0 counts none). Default 600.',
      ],
      fallback: 600,
      range: [0, 1_000_000],
    },
    PAGE_VIEW_SOURCES_PER_DAY: {
      summary:
        'distinct sources the visit counter keeps a day, at most 1/50 new from one /64, 1/40 one /56, 1/30 one /48; the rest count as `(outras)`',
      comment: [
        'Distinct sources the visit counter keeps a day, at most 1/50 of them new from one address,',
        '1/40 from one /56 and 1/30 from one /48 or /24; the rest count as "(outras)". Default 200.',
      ],
      fallback: 200,
      range: [0, 100_000],
    },
    PUBLIC_CALLS_PER_MINUTE: {
      summary:
        'public calls (reads too) one address may make in any 60 s, all servers together; more get 429',
      comment: [
        "Public calls (the form's insert and POST, every booking call, the page-view beacon, the",
        'functions, the bookings feed; reads too) one address (an IPv6 /64) may make in any 60 s,',
        'every server together; a quarter of them at once; more get 429. Default 120.',
      ],
      fallback: 120,
      range: [1, 1_000_000],
    },
    PUBLIC_CALLS_PER_56_PER_MINUTE: {
      summary: 'the same for all the /64s of one IPv6 /56 together',
      comment: [
        "The same for all the /64s of one IPv6 /56 together (a home's connection): a script taking a",
        'new /64 for each call is held to it. Default 180.',
      ],
      fallback: 180,
      range: [1, 1_000_000],
    },
    PUBLIC_CALLS_PER_48_PER_MINUTE: {
      summary: 'the same for all the /64s of one IPv6 /48 together',
      comment: [
        'The same for all the /64s of one IPv6 /48 together (a site, a business line). Default 240.',
      ],
      fallback: 240,
      range: [1, 1_000_000],
    },
    PUBLIC_CALLS_UNKNOWN_PER_MINUTE: {
      summary: 'the same, together, for every caller whose address is not known',
      comment: ['The same, together, for every caller whose address is not known. Default 1200.'],
      fallback: 1_200,
      range: [1, 1_000_000],
    },
  },
} as const satisfies SettingGroup
