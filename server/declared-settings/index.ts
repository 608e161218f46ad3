import { AGENDA } from './agenda.ts'
import { BACKGROUND_JOBS } from './background-jobs.ts'
import type { DeclaredSetting, SettingGroup } from './declared-setting.ts'
import { BACKUPS, DESK } from './desk-and-backups.ts'
import { HTTP_LIMITS } from './http-limits.ts'
import { SERVER_BASICS } from './server-basics.ts'
import { VISITOR_LIMITS } from './visitor-limits.ts'
import { REPLIES, WEBHOOKS } from './webhooks-and-replies.ts'

export type { DeclaredSetting, SettingGroup } from './declared-setting.ts'

/** What the Edge Functions and the build read: they are not the Node server's to check. */
const ELSEWHERE = {
  title: 'The Edge Functions and the build',
  intro: [
    'The Edge Functions read `SUPABASE_DB_URL` (set by Supabase), `SMTP_URL`, `CONTACT_TO` and',
    '`MAIL_FROM` from their secrets; `send-contact-email` and `send-booking-email` also',
    '`MAIL_SWEEP_SECRET` (what `pg_cron` sends to run their sweeps; [deploy.md](deploy.md)),',
    'and `submit-contact-form` and `send-booking-email` also `SITE_URL`: the public address of the',
    "static site, the only place the first sends visitors back to and where the booking e-mails'",
    'links point. On the Node server the sweeps run by themselves every minute',
    '(`MAIL_SWEEP_SECONDS`); `MAIL_SWEEP_SECRET` (sent in `X-Mail-Sweep-Secret`) only lets an',
    'operator run them at once',
    '(`POST …/send-contact-email/retry`, `POST …/send-booking-email/sweep`); `deliver-webhooks` reads',
    '`MAIL_SWEEP_SECRET` (pg_cron sends it there too) and `WEBHOOK_SECRET` (signs for receivers',
    'without a secret of their own). The build reads `VITE_SUPABASE_URL` and `VITE_SUPABASE_ANON_KEY`',
    '(or `VITE_SUPABASE_PUBLISHABLE_KEY`); without `VITE_SUPABASE_URL` it builds for the embedded',
    "backend (`/`, the page's own origin, so one `dist/` works on any host and port).",
  ],
  envIntro: [],
  settings: {},
} as const satisfies SettingGroup

/**
 * Every setting, in the order `.env.example` and docs/settings.md list them; the groups with
 * settings are exactly what server/settings.ts reads (declared-settings.test.ts checks it).
 */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  SERVER_BASICS,
  VISITOR_LIMITS,
  AGENDA,
  DESK,
  BACKUPS,
  HTTP_LIMITS,
  WEBHOOKS,
  REPLIES,
  BACKGROUND_JOBS,
  ELSEWHERE,
]

/** Every declared setting by name. */
export const DECLARED_SETTINGS: Readonly<Record<string, DeclaredSetting>> = Object.fromEntries(
  SETTING_GROUPS.flatMap((group) => Object.entries(group.settings)),
)

export {
  AGENDA,
  BACKGROUND_JOBS,
  BACKUPS,
  DESK,
  HTTP_LIMITS,
  REPLIES,
  SERVER_BASICS,
  VISITOR_LIMITS,
  WEBHOOKS,
}
