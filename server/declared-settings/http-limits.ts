import type { SettingGroup } from './declared-setting.ts'

/** Node's timers hold at most 2^31 - 1 ms (about 24 days). */
const TIMER_MAX_MS = 2 ** 31 - 1

/** The HTTP server's time limits and caps (server/settings.ts reads them; decision 010). */
export const HTTP_LIMITS = {
  title: 'The HTTP server',
  intro: [
    'Time limits and connection caps of the HTTP server, and how often a refused caller is',
    'answered again.',
  ],
  envIntro: [],
  settings: {
    HEADERS_TIMEOUT_MS: {
      summary: "time to send a request's headers; slower clients get 408",
      comment: [
        "HTTP limits (docs/decisions/010-http-limits.md). Time a client has to send a request's",
        'headers, and the whole request with its body; slower clients get 408. Defaults 10000 and 30000.',
      ],
      fallback: 10_000,
      range: [1, TIMER_MAX_MS],
    },
    REQUEST_TIMEOUT_MS: {
      summary: 'time to send a whole request, body included; then 408',
      comment: [],
      fallback: 30_000,
      range: [1, TIMER_MAX_MS],
    },
    KEEP_ALIVE_TIMEOUT_MS: {
      summary:
        'idle keep-alive connections close after this; behind a proxy, above its upstream idle time',
      comment: [
        'How long an idle keep-alive connection stays open. Behind a reverse proxy that keeps upstream',
        "connections (nginx `keepalive`), set this above the proxy's idle time. Default 5000.",
      ],
      fallback: 5_000,
      range: [1, TIMER_MAX_MS],
    },
    MAX_CONNECTIONS_PER_ADDRESS: {
      summary:
        'open connections per client address (IPv6: per /64), more get 429; a proxy is one address',
      comment: [
        'Connections one client address (an IPv6 /64) may hold open at once; more get 429. A reverse',
        'proxy on another machine is one address: set this above its number of connections. Default 64.',
      ],
      fallback: 64,
      range: [1, Number.MAX_SAFE_INTEGER],
    },
    MAX_LOOPBACK_CONNECTIONS: {
      summary: 'the same for loopback, where a proxy on this machine connects from',
      comment: [
        'The same cap for loopback (127.0.0.0/8, ::1), where a proxy on this machine connects from.',
        'Default 1024.',
      ],
      fallback: 1_024,
      range: [1, Number.MAX_SAFE_INTEGER],
    },
    REFUSALS_PER_SECOND: {
      summary:
        'refusals repeated to one caller the database refused, per second; more wait (0: no limit)',
      comment: [
        'A caller the database refused (too many messages) is answered again by the server itself,',
        'without the database, until the Retry-After it was given; at most this many such answers a',
        'second per caller, more wait their turn (up to 5 s), so a flood from one address runs only as',
        'fast as it is answered (docs/decisions/027-remembered-refusals.md). 0: no limit. Default 20.',
      ],
      fallback: 20,
      range: [0, 999_999],
    },
  },
  notes: [
    'The HTTP limits and why they are what they are: [decision 010](decisions/010-http-limits.md).',
    'Request bodies must be uncompressed: a `Content-Encoding` other than `identity` gets 415.',
  ],
} as const satisfies SettingGroup
