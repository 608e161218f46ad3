import { describe, expect, it } from 'vitest'
import { companyReport } from './company-report.ts'

const FILE = 'supabase/functions/_shared/company/company-facts.ts'

describe("npm run check:company's report", () => {
  it("names what is still the demo's, what is not set and what contradicts, and fails only on a contradiction", () => {
    const report = companyReport({
      demo: [{ fact: 'whatsapp', value: '5511987654321' }],
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
      'Not set, a default in use (set each if it is not your company’s):',
      '  - consultationMinutes = 30',
      'Contradictions (the build and the server refuse these):',
      '  - replyAlertAfterHours in company-facts.ts must be less than replyPromiseHours.',
    ])
  })

  it('says "none" for each part a company has finished, and passes', () => {
    const report = companyReport({ demo: [], atDefault: [], contradictions: [], factsFile: FILE })
    expect(report.ok).toBe(true)
    expect(report.lines.slice(1).every((line) => line.endsWith(': none'))).toBe(true)
  })
})
