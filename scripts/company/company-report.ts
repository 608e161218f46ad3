import type { DemoClaim } from '../../server/demo-claims.ts'

/**
 * `npm run check:company`'s report: what a fork's company-facts.ts still says of the demo
 * company, what its copy and look still say of it (server/demo-claims.ts), which facts it has
 * not set (their defaults in use), what contradicts itself (a CNPJ whose digits do not hold, an
 * alert after the promise, hours the agenda cannot offer), and what is worth a look though it
 * may be meant (an alert outside office hours on the wall clock). Plain data in, lines out, so
 * the test can give it any company.
 */
export interface CompanyReportInput {
  demo: { fact: string; value: string }[]
  /** The demo's words, logo mark and privacy date still in the copy: the company's to change. */
  demoClaims: DemoClaim[]
  atDefault: { fact: string; value: unknown }[]
  contradictions: string[]
  /** What the company may have meant, named so that it decides; never a failure. */
  notices?: string[]
  /** The demo's example projects still in src/content/projects/ (decision 078). */
  exampleProjects?: { slug: string; title: string }[]
  factsFile: string
}

export interface CompanyReport {
  lines: string[]
  /** Contradictions stop the build and the server; the rest is for the company to decide. */
  ok: boolean
}

/** One claim still the demo's, with the file to edit: the report's line and the build's. */
export const demoClaimLine = (claim: DemoClaim): string => {
  switch (claim.kind) {
    case 'words':
      return `${claim.file}: ${claim.claim} = "${claim.value}"`
    case 'logo':
      return `${claim.file}: brand.logo is the demo's mark (the caret with a cursor on the accent's tile), which the favicon is drawn from too`
    case 'privacy date':
      return (
        `${claim.file}: privacyNoticeUpdated.date = "${claim.value}" is the demo's, while the controller (legal.name, legal.cnpj) is your company: ` +
        'decide from which day the notice (src/content/privacy.ts) is yours, and set date and shown to it, or keep this one'
      )
  }
}

/** The build's word on them (undefined: none left), in the style of the demo facts' warning. */
export const demoClaimsWarning = (claims: DemoClaim[]): string | undefined =>
  claims.length === 0
    ? undefined
    : `The site still says the demo company's words and shows its look (${claims.map(demoClaimLine).join('; ')}): yours to change, and nothing refuses them. \`npm run check:company\` lists what is left.`

export const companyReport = ({
  demo,
  demoClaims,
  atDefault,
  contradictions,
  notices = [],
  exampleProjects = [],
  factsFile,
}: CompanyReportInput): CompanyReport => {
  const section = (title: string, items: string[], none: string) =>
    items.length === 0
      ? [`${title}: ${none}`]
      : [`${title}:`, ...items.map((item) => `  - ${item}`)]
  const lines = [
    `The company's facts (${factsFile}):`,
    ...section(
      "Still the demo company's (a production start refuses them unless DEMO_SITE=true)",
      demo.map(({ fact, value }) => `${fact} = "${value}"`),
      'none',
    ),
    ...section(
      "Still the demo's words and look (yours to change; nothing refuses them)",
      demoClaims.map(demoClaimLine),
      'none',
    ),
    ...section(
      "The demo's example projects in src/content/projects/ (a production start refuses them unless DEMO_SITE=true)",
      exampleProjects.map(({ slug, title }) => `/projetos/${slug}: "${title}"`),
      'none',
    ),
    ...section(
      'Not set, a default in use (set each if it is not your company’s)',
      atDefault.map(({ fact, value }) => `${fact} = ${JSON.stringify(value)}`),
      'none',
    ),
    ...section('Contradictions (the build and the server refuse these)', contradictions, 'none'),
    ...section('Worth a look (the build and the server go on)', notices, 'none'),
  ]
  return { lines, ok: contradictions.length === 0 }
}

/** What decides when the reply promise's alert comes (company.ts and the REPLY_* settings). */
export interface ReplyAlertFacts {
  officeHours: {
    readonly weekdays: readonly number[]
    readonly opens: string
    readonly closes: string
  }
  alertAfterHours: number
  clock: 'business' | 'clock'
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.floor(minutes % 60)).padStart(2, '0')}`

/**
 * An alert outside office hours (decision 070). On the wall clock (REPLY_CLOCK=clock) a lead
 * sent at an opening raises its alert replyAlertAfterHours later, whatever the office's hours:
 * 20 hours after a 10h opening is 6h the next morning. That is no contradiction for a company
 * that answers around the clock, which is what the wall clock is for, so it is named, not
 * refused. In office hours (business, the default) an alert of N office hours always falls
 * while the office is open: nothing to name. Holidays and closed days aside.
 */
export const alertOutsideOfficeHours = ({
  officeHours,
  alertAfterHours,
  clock,
}: ReplyAlertFacts): string[] => {
  if (clock === 'business') return []
  const [opens, closes] = [minutesOf(officeHours.opens), minutesOf(officeHours.closes)]
  for (const weekday of [...officeHours.weekdays].sort((a, b) => a - b)) {
    const at = opens + alertAfterHours * 60
    const alertWeekday = ((weekday - 1 + Math.floor(at / 1440)) % 7) + 1
    const time = at % 1440
    if (officeHours.weekdays.includes(alertWeekday) && time >= opens && time < closes) continue
    return [
      `An alert outside office hours: with REPLY_CLOCK=clock a lead sent on ${WEEKDAYS[weekday - 1]} at ${officeHours.opens}, ` +
        `as the office opens, is alerted ${alertAfterHours} h later, on ${WEEKDAYS[alertWeekday - 1]} at ${clockTime(time)}, ` +
        `when it is closed (open ${officeHours.opens}-${officeHours.closes}). Right for a team that answers around the clock; ` +
        'otherwise leave REPLY_CLOCK unset (business): the promise and the alert then count office hours only.',
    ]
  }
  return []
}
