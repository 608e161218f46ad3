import { existsSync } from 'node:fs'
import { bookingFactsProblems } from '../../server/booking/booking-facts.ts'
import { demoClaimsInUse } from '../../server/demo-claims.ts'
import { demoFactsInUse } from '../../server/demo-facts.ts'
import { readReplySettings } from '../../server/watch/reply-settings.ts'
import { company, COMPANY_FACTS_FILE, factsAtDefault } from '#shared/company/company.ts'
import { companyIdentityProblems } from '#shared/company/company-identity.ts'
import { projects } from '../../src/content/projects/index.ts'
import { exampleProjects } from '../../src/content/projects/project-problems.ts'
import { claimedContent } from './claimed-content.ts'
import { alertOutsideOfficeHours, companyReport } from './company-report.ts'

// `npm run check:company`: exits 1 on a contradiction, 0 otherwise (the demo's facts, its
// words and look, the defaults and what is worth a look are the company's to decide about, and
// the report names them). The reply settings are the server's: read from the environment and
// .env, as it does.
if (existsSync('.env')) process.loadEnvFile('.env')
const { reply } = readReplySettings(process.env)
const report = companyReport({
  demo: demoFactsInUse(),
  demoClaims: demoClaimsInUse(claimedContent),
  atDefault: factsAtDefault(),
  contradictions: [...companyIdentityProblems(), ...bookingFactsProblems()],
  notices: alertOutsideOfficeHours({
    officeHours: company.officeHours,
    alertAfterHours: reply.alertAfterHours,
    clock: reply.clock,
  }),
  exampleProjects: exampleProjects(projects),
  factsFile: COMPANY_FACTS_FILE,
})
console.log(report.lines.join('\n'))
process.exitCode = report.ok ? 0 : 1
