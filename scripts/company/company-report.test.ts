import { describe, expect, it } from 'vitest'
import { DEMO_CONTENT, demoClaimsInUse, type ClaimedContent } from '../../server/demo-claims.ts'
import { generatedCompanies } from '../../tests/support/generated-companies.ts'
import { ownClaimedContent } from '../../tests/support/own-claims.ts'
import { alertOutsideOfficeHours, companyReport, demoClaimsWarning } from './company-report.ts'

const FILE = 'supabase/functions/_shared/company/company-facts.ts'
const CLAIMS_TITLE = "Still the demo's words and look (yours to change; nothing refuses them)"
const EXAMPLES_TITLE =
  "The demo's example projects in src/content/projects/ (a production start refuses them unless DEMO_SITE=true)"

describe("npm run check:company's report", () => {
  it("names what is still the demo's, what is not set and what contradicts, and fails only on a contradiction", () => {
    const report = companyReport({
      demo: [{ fact: 'whatsapp', value: '5511987654321' }],
      demoClaims: [],
      exampleProjects: [{ slug: 'padaria', title: 'Encomendas online' }],
      atDefault: [{ fact: 'consultationMinutes', value: 30 }],
      contradictions: [
        'replyAlertAfterHours in company-facts.ts must be less than replyPromiseHours.',
      ],
      factsFile: FILE,
    })
    expect(report.ok).toBe(false)
    expect(report.lines).toEqual([
      `The company's facts (${FILE}):`,
      "Still the demo company's (a production start refuses them unless DEMO_SITE=true):",
      '  - whatsapp = "5511987654321"',
      `${CLAIMS_TITLE}: none`,
      `${EXAMPLES_TITLE}:`,
      '  - /projetos/padaria: "Encomendas online"',
      'Not set, a default in use (set each if it is not your company’s):',
      '  - consultationMinutes = 30',
      'Contradictions (the build and the server refuse these):',
      '  - replyAlertAfterHours in company-facts.ts must be less than replyPromiseHours.',
      'Worth a look (the build and the server go on): none',
    ])
  })

  it('says "none" for each part a company has finished, and passes', () => {
    const report = companyReport({
      demo: [],
      demoClaims: [],
      atDefault: [],
      contradictions: [],
      factsFile: FILE,
    })
    expect(report.ok).toBe(true)
    expect(report.lines.slice(1).every((line) => line.endsWith(': none'))).toBe(true)
  })

  it('names what is worth a look without failing', () => {
    const report = companyReport({
      demo: [],
      demoClaims: [],
      atDefault: [],
      contradictions: [],
      notices: ['An alert outside office hours: …'],
      factsFile: FILE,
    })
    expect(report.ok).toBe(true)
    expect(report.lines.slice(-2)).toEqual([
      'Worth a look (the build and the server go on):',
      '  - An alert outside office hours: …',
    ])
  })
})

describe("the demo's words and look in the report (decision 075)", () => {
  // A company with facts of its own (so a new controller of the privacy notice), and its copy.
  const own = generatedCompanies[0]
  if (!own) throw new Error('tests/support/generated-companies.ts lists no company')
  const reportFor = (content: ClaimedContent) => {
    const demoClaims = demoClaimsInUse(content, own.facts)
    return {
      demoClaims,
      report: companyReport({
        demo: [],
        demoClaims,
        atDefault: [],
        contradictions: [],
        factsFile: FILE,
      }),
    }
  }

  it('says "none" for a company that made its claims, mark and privacy date its own', () => {
    const { demoClaims, report } = reportFor(ownClaimedContent)
    expect(report.ok).toBe(true)
    expect(report.lines).toContain(`${CLAIMS_TITLE}: none`)
    expect(demoClaimsWarning(demoClaims)).toBeUndefined()
  })

  it('names each claim a company kept, with the file to edit, and passes', () => {
    const { demoClaims, report } = reportFor(DEMO_CONTENT)
    expect(report.ok).toBe(true)
    const start = report.lines.indexOf(`${CLAIMS_TITLE}:`)
    expect(start).toBeGreaterThan(0)
    const end = report.lines.findIndex((line) => line.startsWith(EXAMPLES_TITLE))
    const named = report.lines.slice(start + 1, end)
    expect(named.map((line) => line.replace(/ = .*| is the demo's .*/, ''))).toEqual([
      '  - src/content/site.ts: brand.tagline',
      '  - src/content/site.ts: brand.experience',
      '  - src/content/site.ts: hero.titleLead + hero.titleHighlight',
      '  - src/content/site.ts: hero.description',
      '  - src/content/site.ts: seo.description',
      '  - src/content/site.ts: layoutText.footerTagline',
      '  - src/content/differentiators.ts: aboutSection.badge',
      '  - src/content/differentiators.ts: aboutSection.description',
      ...DEMO_CONTENT.about.differentiators.map(
        ({ id }) => `  - src/content/differentiators.ts: differentiators[${id}]`,
      ),
      ...DEMO_CONTENT.process.steps.map(
        ({ id }) => `  - src/content/process.ts: processSteps[${id}]`,
      ),
      '  - supabase/functions/_shared/company/brand.ts: brand.logo',
      '  - src/content/privacy-updated.ts: privacyNoticeUpdated.date',
    ])
    expect(named).toContain(
      `  - src/content/site.ts: brand.experience = "${DEMO_CONTENT.site.brand.experience}"`,
    )
    // The date is the company's to decide about: said so, never as a fault.
    expect(named.at(-1)).toContain(
      `privacyNoticeUpdated.date = "${DEMO_CONTENT.privacyNoticeDate}" is the demo's, while the controller (legal.name, legal.cnpj) is your company: decide `,
    )
    // The build warns with the same lines, in one.
    const warning = demoClaimsWarning(demoClaims) ?? ''
    for (const line of named) expect(warning).toContain(line.slice('  - '.length))
    expect(warning).toContain('npm run check:company')
  })
})

describe('an alert outside office hours (decision 070)', () => {
  // An office of its own: Monday to Thursday, 10h to 16h.
  const officeHours = { weekdays: [1, 2, 3, 4], opens: '10:00', closes: '16:00' }

  it('is named on the wall clock when a lead sent at an opening is alerted while the office is closed', () => {
    const [notice, ...more] = alertOutsideOfficeHours({
      officeHours,
      alertAfterHours: 20,
      clock: 'clock',
    })
    expect(more).toEqual([])
    expect(notice).toContain(
      'with REPLY_CLOCK=clock a lead sent on Monday at 10:00, as the office opens, is alerted 20 h later, on Tuesday at 06:00, when it is closed (open 10:00-16:00)',
    )
    // Thursday's lead, alerted on Friday, though Monday's to Wednesday's would be in hours.
    expect(
      alertOutsideOfficeHours({ officeHours, alertAfterHours: 24, clock: 'clock' })[0],
    ).toContain(
      'on Thursday at 10:00, as the office opens, is alerted 24 h later, on Friday at 10:00',
    )
  })

  it('is nothing in office hours, where an alert of N office hours falls while the office is open', () => {
    expect(
      alertOutsideOfficeHours({ officeHours, alertAfterHours: 20, clock: 'business' }),
    ).toEqual([])
  })

  it('is nothing on the wall clock when the alert falls within the day, or the office never closes', () => {
    expect(alertOutsideOfficeHours({ officeHours, alertAfterHours: 4, clock: 'clock' })).toEqual([])
    expect(
      alertOutsideOfficeHours({
        officeHours: { weekdays: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '23:59' },
        alertAfterHours: 20,
        clock: 'clock',
      }),
    ).toEqual([])
  })
})
