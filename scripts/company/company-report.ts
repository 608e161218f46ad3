/**
 * `npm run check:company`'s report: what a fork's company-facts.ts still says of the demo
 * company, which facts it has not set (their defaults in use), and what contradicts itself (a
 * CNPJ whose digits do not hold, an alert after the promise, hours the agenda cannot offer).
 * Plain data in, lines out, so the test can give it any company.
 */
export interface CompanyReportInput {
  demo: { fact: string; value: string }[]
  atDefault: { fact: string; value: unknown }[]
  contradictions: string[]
  factsFile: string
}

export interface CompanyReport {
  lines: string[]
  /** Contradictions stop the build and the server; the rest is for the company to decide. */
  ok: boolean
}

export const companyReport = ({
  demo,
  atDefault,
  contradictions,
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
      'Not set, a default in use (set each if it is not your company’s)',
      atDefault.map(({ fact, value }) => `${fact} = ${JSON.stringify(value)}`),
      'none',
    ),
    ...section('Contradictions (the build and the server refuse these)', contradictions, 'none'),
  ]
  return { lines, ok: contradictions.length === 0 }
}
