import { brand } from '#shared/company/brand.ts'
import type { ClaimedContent } from '../../server/demo-claims.ts'
import { aboutSection, differentiators } from '../../src/content/differentiators.ts'
import { privacyNoticeUpdated } from '../../src/content/privacy-updated.ts'
import { processSteps } from '../../src/content/process.ts'
import * as site from '../../src/content/site.ts'

/**
 * This copy's claims about its company, as its src/content/ and brand.ts say them, for
 * `npm run check:company` and `npm run build` to compare with the demo's
 * (server/demo-claims.ts). Read here, in the scripts, so that neither the server nor the
 * site's code imports the demo's claims.
 */
export const claimedContent: ClaimedContent = {
  site,
  about: { aboutSection, differentiators },
  process: { steps: processSteps },
  logo: brand.logo,
  privacyNoticeDate: privacyNoticeUpdated.date,
}
