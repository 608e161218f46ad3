import type { SettingGroup } from './declared-setting.ts'

/** The lead desk and how long leads are kept (server/desk/desk-settings.ts reads them). */
export const DESK = {
  title: 'The lead desk and lead retention',
  intro: ['For the lead desk ([desk.md](desk.md)) and lead retention:'],
  envIntro: [],
  settings: {
    ADMIN_PASSWORD: {
      summary:
        'opens the lead desk at `/painel` with this password (weak ones stop the start); changing it ends every session',
      comment: [
        'The lead desk at /painel (list, search, export and erase leads) stays off until one of these',
        'is set. ADMIN_PASSWORD needs 12+ characters and must not be a common password; or put the',
        'output of `npm run leads -- hash-password` in ADMIN_PASSWORD_HASH (quote it: it contains $).',
      ],
      accepts: '12+ characters, not a common password',
    },
    ADMIN_PASSWORD_HASH: {
      summary:
        'the same from a hash (`npm run leads -- hash-password`); set one of the two, the same on every server',
      comment: [],
      accepts: 'what `npm run leads -- hash-password` prints',
    },
    LEADS_RETENTION_DAYS: {
      summary: 'leads older than this are deleted daily (unless their e-mail never went out)',
      comment: [
        'Delete leads older than this many days, once a day (not those whose e-mail never went out).',
        'Default: keep them until erased.',
      ],
      range: [1, 36_500],
    },
  },
} as const satisfies SettingGroup

/** The daily backup (server/backup/backup-settings.ts reads them; docs/backups.md). */
export const BACKUPS = {
  title: 'The daily backup',
  intro: [
    'The daily backup ([backups.md](backups.md)). With several servers',
    "on one PostgreSQL, one of them makes each day's backup, in its own `BACKUP_DIR`.",
  ],
  envIntro: [],
  settings: {
    BACKUP_DIR: {
      summary: 'where the daily backups are kept (owner-only, 0700; each file 0600)',
      comment: [
        'The daily backup (docs/backups.md): a consistent copy of every lead, meeting, note and erasure,',
        'made by the server while it serves, readable by its user only. Where they are kept (default',
        'DATA_DIR/backups, on the same disk: copy them off the machine with BACKUP_AFTER_COMMAND).',
      ],
      defaultWords: '`DATA_DIR/backups`',
      accepts: 'a folder outside `DATA_DIR/pglite`',
    },
    BACKUP_KEEP: {
      summary: 'how many are kept, newest first; `0` turns the daily backup off',
      comment: [
        'How many are kept, newest first (0 to 1000; 0 turns the daily backup off). Default 7.',
      ],
      fallback: 7,
      range: [0, 1_000],
    },
    BACKUP_HOUR: {
      summary:
        "the hour on the company's clock from which the day's backup is made (or at the next start)",
      comment: [
        "The hour, on the company's clock (officeHours.timeZone in company-facts.ts), from which the",
        "day's backup is made (0 to 23); a server that was down then makes it when it starts. Default 3.",
      ],
      fallback: 3,
      range: [0, 23],
    },
    BACKUP_CHECK_SECONDS: {
      summary:
        "how often the server looks whether the day's backup is due (the first time within 10 s of its start)",
      comment: [
        "How often the server looks whether the day's backup is due, in seconds (1 to 3600); the first",
        'look is within 10 s of its start. Default 300.',
      ],
      fallback: 300,
      range: [1, 3_600],
    },
    BACKUP_AFTER_COMMAND: {
      summary: 'run by `/bin/sh` after each one with the file as `"$1"`: copy it off the machine',
      comment: [
        'Run after each daily backup by /bin/sh, the new file as "$1", e.g. to copy it off the machine:',
        '  rsync -a "$1" backup@nas.example.com.br:site-backups/',
        "A failure is logged and shown as the last backup's error (private.backup_status).",
      ],
    },
    BACKUP_KEY: {
      summary:
        'signs every backup (`openssl rand -hex 32`); a restore needs it: keep a copy off the machine',
      comment: [
        'The key every backup is signed with (64 hexadecimal characters: openssl rand -hex 32), so a',
        'backup rewritten where it is kept is refused by a restore. Unset: DATA_DIR/backup-key, made at',
        'the first start. Keep a copy off the machine: a restore on another machine needs it. The same',
        'on every server of one PostgreSQL.',
      ],
      defaultWords: '`DATA_DIR/backup-key`',
      accepts: '64 hexadecimal characters',
    },
  },
} as const satisfies SettingGroup
