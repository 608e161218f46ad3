import type { SettingGroup } from './declared-setting.ts'

/** How often the Node server's own jobs run (server/settings.ts reads them). */
export const BACKGROUND_JOBS = {
  title: 'The background jobs',
  intro: [
    "How often the Node server's own jobs run (on hosted Supabase, `pg_cron` runs the same work",
    'every minute). The defaults suit a deployment; shorter ones let a trial, or a test, see a',
    'retried e-mail or an alert in seconds, for a few more queries.',
  ],
  envIntro: [],
  settings: {
    MAIL_SWEEP_SECONDS: {
      summary:
        'how often e-mails still unsent (a closed tab, a failed send, a reminder) are sent, and expired holds end',
      comment: [
        'How often the server sends the e-mails still unsent (a lead whose visitor closed the page, a',
        'failed send whose retry is due, a booking reminder) and ends the booking holds whose time is',
        'up, in seconds (1 to 3600). Default 60.',
      ],
      fallback: 60,
      range: [1, 3_600],
    },
    PIPELINE_WATCH_SECONDS: {
      summary:
        "how often the pipeline is watched (overdue leads, incidents) and the company's alerts and the desk's replies are sent",
      comment: [
        'How often the pipeline is watched (overdue leads, incidents, the weekly summary) and the',
        "company's alerts and the desk's replies are sent, in seconds (1 to 60: an overdue lead's",
        'alert leaves within this of its time). Default 15.',
      ],
      fallback: 15,
      range: [1, 60],
    },
  },
} as const satisfies SettingGroup
