import { bookingFactsProblems } from '../../server/booking/booking-facts.ts'
import { demoFactsInUse } from '../../server/demo-facts.ts'
import { COMPANY_FACTS_FILE, factsAtDefault } from '#shared/company/company.ts'
import { companyIdentityProblems } from '#shared/company/company-identity.ts'
import { companyReport } from './company-report.ts'

// `npm run check:company`: exits 1 on a contradiction, 0 otherwise (the demo's facts and the
// defaults are the company's to decide about, and the report names them).
const report = companyReport({
  demo: demoFactsInUse(),
  atDefault: factsAtDefault(),
  contradictions: [...companyIdentityProblems(), ...bookingFactsProblems()],
  factsFile: COMPANY_FACTS_FILE,
})
console.log(report.lines.join('\n'))
process.exitCode = report.ok ? 0 : 1
