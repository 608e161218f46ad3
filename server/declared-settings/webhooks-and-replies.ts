import type { SettingGroup } from './declared-setting.ts'

/** The team's tools (server/webhooks/webhook-settings.ts reads them; docs/webhooks.md). */
export const WEBHOOKS = {
  title: 'Webhooks',
  intro: [
    'Webhooks ([webhooks.md](webhooks.md)). The receivers are written to the database at start',
    '(`private.webhook_receivers`), so every server on one PostgreSQL sends to the same ones: give',
    "every instance the same list. Unlike the limits above, the list is the setting's: a server",
    'sends to exactly what it names, none while it is unset (a receiver taken out keeps what was',
    'waiting for it, shown in the desk, unsent).',
  ],
  envIntro: [],
  settings: {
    WEBHOOK_URLS: {
      summary:
        'receivers of each new lead and booking change, separated by spaces or lines, each `https://…` with `#slack`, `#teams`, `#discord` or nothing (signed JSON)',
      comment: [
        'Webhooks (docs/webhooks.md): where each new lead and booking change is also sent. Addresses',
        'separated by spaces or line breaks, https:// only, each with #slack, #teams or #discord for a',
        "readable message in that service's channel, or nothing for the signed JSON (n8n, Make, Zapier,",
        'a CRM). Unset: no webhooks.',
      ],
      accepts: 'at most 20 addresses',
    },
    WEBHOOK_SECRET: {
      summary:
        '`whsec_` and the base64 of 24 to 64 random bytes: signs every delivery; needed for the JSON receivers (two, space separated, while replacing one)',
      comment: [
        'Signs every webhook (Standard Webhooks); needed for the JSON ones. Make it once with',
        '  echo "whsec_$(openssl rand -base64 32)"',
        'and give the same value to the receivers that check signatures.',
      ],
    },
  },
} as const satisfies SettingGroup

/** The reply promise and the weekly summary (server/watch/reply-settings.ts reads them). */
export const REPLIES = {
  title: 'The reply promise and the weekly summary',
  intro: [
    'The reply promise and what the pipeline tells the company',
    '([desk.md](desk.md#answered-and-when), [monitoring.md](monitoring.md)).',
    'Written to the database at start (`private.reply_settings`), so every server and, on hosted',
    'Supabase, `pg_cron` use the same ones.',
  ],
  envIntro: [],
  settings: {
    REPLY_PROMISE_HOURS: {
      summary:
        'hours within which a lead is promised an answer; fractions allowed (`0.01` is 36 s, for trials)',
      comment: [
        'The reply promise (docs/desk.md, "Answered, and when"). The page promises an answer within',
        'replyPromiseHours (company.ts, 24); a lead still unanswered replyAlertAfterHours after it',
        'arrived (unless set, five sixths of the promise: 20) is alerted once by e-mail to CONTACT_TO',
        'and as a lead.overdue webhook. These override both, in hours; fractions with a dot (0.01 is',
        '36 s) let a trial see an alert at once. The promise alone sets the alert at five sixths of it.',
      ],
      defaultWords: '`replyPromiseHours` (24)',
      accepts: 'hours above 0 and up to 168',
    },
    REPLY_ALERT_AFTER_HOURS: {
      summary:
        'a lead unanswered this long is alerted once, by e-mail and `lead.overdue` webhook; less than the above',
      comment: [],
      defaultWords: '`replyAlertAfterHours` (20), else five sixths of the promise',
      accepts: 'hours above 0 and up to 168',
    },
    REPLY_CLOCK: {
      summary:
        "which hours the promise and the alert count: `business`, the office's (its days and hours, less national holidays and closed days); `clock`, every hour, for a company that answers around the clock",
      comment: [
        'Which hours those count (docs/desk.md, "Answered, and when"). business: only while the',
        "office is open (officeHours' days and hours in company.ts, less the national holidays the",
        'agenda closes on and the closed days, where state and city holidays go); a lead sent after',
        'closing starts counting at the next opening, so its alert comes in working hours. clock:',
        'every hour of every day, for a company that answers around the clock. Default business.',
      ],
      fallback: 'business',
      accepts: '`business` or `clock`',
    },
    WEEKLY_SUMMARY: {
      summary: '`false`: no summary e-mail of the week on Mondays',
      comment: [
        "A summary of the week (visits, leads, meetings, answer times, the pipeline's incidents) is",
        'e-mailed to CONTACT_TO every Monday morning. false turns it off. Default true.',
      ],
      fallback: true,
    },
  },
} as const satisfies SettingGroup
