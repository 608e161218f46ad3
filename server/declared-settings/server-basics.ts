import type { SettingGroup } from './declared-setting.ts'

/** Where the server listens, keeps its data and sends its mail, and whom it believes. */
export const SERVER_BASICS = {
  title: 'The server',
  intro: [],
  envIntro: [],
  settings: {
    PORT: {
      summary: 'port to listen on (`0` picks a free one)',
      comment: ['Port to listen on (0 picks a free one). Default 8080.'],
      fallback: 8080,
      range: [0, 65_535],
      example: '8080',
    },
    HOST: {
      summary: 'address to listen on (`0.0.0.0` to accept from the network)',
      comment: [
        'Address to listen on. Default 127.0.0.1 (this machine only); 0.0.0.0 to accept from the network.',
      ],
      fallback: '127.0.0.1',
      example: '127.0.0.1',
    },
    DATA_DIR: {
      summary:
        'embedded database (`pglite/`), its lock file and the mail outbox; one process per folder',
      comment: [
        'Folder for the embedded database (<DATA_DIR>/pglite), its lock file and the mail outbox.',
        'Only one process may use a folder at a time. Default .data',
      ],
      fallback: '.data',
      example: '.data',
    },
    DATABASE_URL: {
      summary: 'use this PostgreSQL server instead of PGlite; several processes may share it',
      comment: [
        'Use a real PostgreSQL server instead of the embedded database, e.g.',
        'postgresql://user:password@db.example.com:5432/site . Several servers may share it.',
      ],
      accepts: 'a `postgres://` or `postgresql://` URL',
      example: '',
    },
    SMTP_URL: {
      summary: 'send mail through this server (`smtp://` or `smtps://user:pass@host:port`)',
      comment: [
        'Send contact e-mails through this SMTP server, e.g. smtps://user:password@smtp.example.com:465 .',
        'Without it each e-mail is written as an .eml file under <DATA_DIR>/outbox/ (nobody receives',
        'it), except in production.',
      ],
      accepts: 'an `smtp://` or `smtps://` URL',
      example: '',
    },
    NODE_ENV: {
      summary:
        '`production`: without `SMTP_URL` no e-mail is written to a file; they wait, and the desk and start-up say mail is off',
      comment: [
        'production (the systemd unit sets it): without SMTP_URL no e-mail is written to a file, none',
        'is counted as sent; they wait in the database until SMTP_URL is set, and the start-up and the',
        'lead desk say mail is off. Anything else: the development outbox above. A production start',
        "refuses the demo company's facts (its inbox, phone, CNPJ…) unless DEMO_SITE=true.",
      ],
      example: '',
    },
    DEMO_SITE: {
      summary:
        "`true`: this site is a demonstration, and a production start may publish the demo company's facts",
      comment: [
        "true: a demonstration, which may run in production with the demo company's facts. Without it",
        'NODE_ENV=production refuses to start while company-facts.ts holds any of them, naming each.',
      ],
      accepts: '`true` or nothing',
      example: '',
    },
    CONTACT_TO: {
      summary:
        "who receives the contact messages and the bookings' copies; the invitations' organizer",
      comment: [
        'Where contact messages are sent. Default: inbox in supabase/functions/_shared/company/company.ts',
      ],
      defaultWords: 'the inbox in `company.ts`',
      accepts: 'one e-mail address',
      example: '',
    },
    SUPABASE_ANON_KEY: {
      summary: 'the public key the API accepts; the embedded build uses it too',
      comment: [
        'The publishable (anon) key the API accepts and the site is built with.',
        'Default: the development key sb_publishable_local-development-key',
      ],
      defaultWords: 'a development key',
      accepts: 'no spaces',
      example: '',
    },
    SITE_URL: {
      summary:
        "public address: canonical/Open Graph URLs (build), start-up line, the booking e-mails' links",
      comment: [
        'The public address of the site, shown in the start-up line. Default: the address listened on.',
      ],
      defaultWords: '`siteUrl` in `company.ts`',
      accepts: 'an `http://` or `https://` URL',
      example: '',
    },
    TRUST_PROXY: {
      summary: 'whom to believe `X-Forwarded-For` from: see below',
      comment: [
        'Whom to believe X-Forwarded-For from, i.e. which address the flood limits count:',
        "  false (default)  the connection's address; callers on loopback count as one unknown caller",
        '  1, 2, ...        exactly that many proxies stand in front and nothing reaches the port directly',
        '  10.0.0.5,192.168.0.0/16  only these peers are proxies (also: loopback, private; true = both)',
      ],
      fallback: 'false',
      accepts: '`false`, a number of proxies, or addresses and networks',
      example: '',
    },
    MAIL_FROM: {
      summary:
        "the sender address of those e-mails and the visitors' (the name is `mailSenderName` in `company.ts`, or its `name` to visitors)",
      comment: [
        "The sender address of the notification e-mails. Default: CONTACT_TO. The sender's name is",
        'mailSenderName in supabase/functions/_shared/company/company.ts.',
      ],
      defaultWords: '`CONTACT_TO`',
      accepts: 'one e-mail address',
      example: '',
    },
    MAIL_SWEEP_SECRET: {
      summary:
        '`POST …/send-contact-email/retry` and `…/send-booking-email/sweep` run the sweeps only with it (32+ characters)',
      comment: [
        'The server re-sends failed e-mails by itself every minute. POST',
        '/functions/v1/send-contact-email/retry runs that sweep at once, only for a caller that sends',
        'this secret in X-Mail-Sweep-Secret (32+ characters, e.g. `openssl rand -hex 32`). Unset: the',
        'route is refused.',
      ],
      accepts: '32 to 1024 printable ASCII characters without spaces',
      example: '',
    },
    HEALTH_TOKEN: {
      summary:
        '`/healthz` shows its queues and open incidents only to a caller sending it as a bearer (32+ characters); others get the status',
      comment: [
        'GET /healthz tells anyone {"status": "ok" | "degraded" | "down"}. The queues\' sizes and ages',
        "and the open incidents' kinds go only to a caller that sends this token as",
        '"Authorization: Bearer <token>" (an uptime monitor; 32+ characters, e.g. `openssl rand -hex 32`).',
        'Unset: nobody sees more than the status.',
      ],
      accepts: '32 to 1024 printable ASCII characters without spaces',
      example: '',
    },
    WARM_UP_REQUESTS: {
      summary:
        'refused inserts the server runs through its own insert path before it listens, so the first visitors do not wait for cold code (`0`: listen at once)',
      comment: [
        'Before it listens, the server sends this many refused inserts through its own insert path',
        '(for 1.5 s at most; nothing is stored or logged), so the first visitors do not wait for code',
        'not yet optimised (docs/benchmarks/contact-api-load.md). 0 listens at once. Default 300.',
      ],
      fallback: 300,
      range: [0, 10_000],
    },
  },
  notes: [
    '`TRUST_PROXY` decides which address the limits count:',
    '',
    "- `false` (default): the connection's address. A caller on loopback counts as unknown, so a",
    '  local reverse proxy nobody declared does not turn every visitor into one address.',
    '- a number, e.g. `1`: exactly that many proxies stand in front and nothing reaches the port',
    '  directly; the address that many hops back in `X-Forwarded-For` counts.',
    '- addresses or networks, e.g. `10.0.0.5,192.168.0.0/16` (also `loopback`, `private`; `true`',
    '  means `loopback,private`): only requests from these peers may name the client, so a direct',
    '  caller cannot pick its address.',
    '',
    'The server hands the database only that address, and the database reads it because the server',
    'sets `client_address_header` to `x-forwarded-for` at every start; on hosted or self-hosted',
    'Supabase that header is chosen with SQL ([deploy.md](deploy.md#which-address-the-limits-count)).',
    'Addresses are normalised before counting (`::ffff:198.51.100.7`, `198.051.100.7` and',
    "`198.51.100.7:443` are one address). HSTS is sent on every answer, the lead desk's included,",
    'when the request came over HTTPS, directly or through a trusted proxy.',
    '',
    "The data folder holds every lead, so it is its owner's alone: the server creates `DATA_DIR`,",
    '`pglite/` and `outbox/` as 0700 and the lock file and each `.eml` as 0600. A folder an earlier',
    'version left open (0755, e-mails 0644) is closed at start, one `data_folder_tightened` log line',
    'per change; where `chmod` is refused (a folder owned by another user) it logs',
    '`data_folder_open_to_others` and starts anyway.',
    '',
    'Only one process may open a PGlite folder: a second one is refused, naming the folder, the PID and',
    'the host that hold it. After a crash or `kill -9` the next start takes the lock over, at once on',
    'the same machine and namespace (even if the old PID now belongs to another process, as with PID 1',
    'in a container), or after at most 10 s when the lock was written in another container or on',
    'another host, printing what it waits for; `.lock` never needs deleting by hand. A server frozen',
    'longer than that, whose folder was taken over meanwhile, exits as soon as it runs again',
    '([decision 009](decisions/009-data-folder-lock.md)).',
  ],
} as const satisfies SettingGroup
