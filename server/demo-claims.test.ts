import { describe, expect, it } from 'vitest'
import { companyDefaults } from '#shared/company/company-defaults.ts'
import { DEMO_CONTENT, demoClaimsInUse, type ClaimedContent } from './demo-claims.ts'
import { generatedCompanies } from '../tests/support/generated-companies.ts'
import { ownClaimedContent } from '../tests/support/own-claims.ts'

/** A company of its own in every fact (generated-companies.ts): a new controller. */
const own = generatedCompanies[0]
if (!own) throw new Error('tests/support/generated-companies.ts lists no company')
const OWN_FACTS = own.facts
/** Its facts, but the demo's legal identity (company-defaults.ts keeps the demo's example). */
const DEMO_CONTROLLER = { ...OWN_FACTS, legal: companyDefaults.legal }

const named = (content: ClaimedContent, facts = OWN_FACTS) =>
  demoClaimsInUse(content, facts).map((claim) =>
    claim.kind === 'words' ? `${claim.file}: ${claim.claim}` : `${claim.file}: ${claim.kind}`,
  )

describe("the demo company's claims", () => {
  it('are each named with the file to edit, the mark and the date included', () => {
    expect(named(DEMO_CONTENT)).toEqual([
      'src/content/site.ts: brand.tagline',
      'src/content/site.ts: brand.experience',
      'src/content/site.ts: hero.titleLead + hero.titleHighlight',
      'src/content/site.ts: hero.description',
      'src/content/site.ts: seo.description',
      'src/content/site.ts: layoutText.footerTagline',
      'src/content/differentiators.ts: aboutSection.badge',
      'src/content/differentiators.ts: aboutSection.description',
      'src/content/differentiators.ts: differentiators[results]',
      'src/content/differentiators.ts: differentiators[team]',
      'src/content/differentiators.ts: differentiators[innovation]',
      'src/content/differentiators.ts: differentiators[quality]',
      'src/content/differentiators.ts: differentiators[agile]',
      'src/content/differentiators.ts: differentiators[excellence]',
      'src/content/process.ts: processSteps[conversa]',
      'src/content/process.ts: processSteps[proposta]',
      'src/content/process.ts: processSteps[construcao]',
      'src/content/process.ts: processSteps[lancamento]',
      'supabase/functions/_shared/company/brand.ts: logo',
      'src/content/privacy-updated.ts: privacy date',
    ])
    const [tagline] = demoClaimsInUse(DEMO_CONTENT, OWN_FACTS)
    expect(tagline).toEqual({
      kind: 'words',
      file: 'src/content/site.ts',
      claim: 'brand.tagline',
      value: DEMO_CONTENT.site.brand.tagline,
    })
  })

  it('are none in a company that made them its own', () => {
    expect(demoClaimsInUse(ownClaimedContent, OWN_FACTS)).toEqual([])
  })

  it('are named as a reader sees them, case and spacing aside, and each part on its own', () => {
    const experience = ` ${DEMO_CONTENT.site.brand.experience.toUpperCase()}\n`
    const [reason] = DEMO_CONTENT.about.differentiators
    if (!reason) throw new Error('the demo has reasons to choose it')
    const mixed: ClaimedContent = {
      ...ownClaimedContent,
      site: {
        ...ownClaimedContent.site,
        brand: { ...ownClaimedContent.site.brand, experience },
      },
      about: {
        ...ownClaimedContent.about,
        // Its own title over the demo's description is still the demo's claim.
        differentiators: [
          ...ownClaimedContent.about.differentiators,
          { id: 'ours', title: 'Do nosso jeito', description: reason.description },
        ],
      },
      logo: { ...DEMO_CONTENT.logo, strokes: DEMO_CONTENT.logo.strokes.map((d) => ` ${d} `) },
    }
    const claims = demoClaimsInUse(mixed, OWN_FACTS)
    expect(claims).toEqual([
      { kind: 'words', file: 'src/content/site.ts', claim: 'brand.experience', value: experience },
      {
        kind: 'words',
        file: 'src/content/differentiators.ts',
        claim: 'differentiators[ours]',
        value: `Do nosso jeito: ${reason.description}`,
      },
      { kind: 'logo', file: 'supabase/functions/_shared/company/brand.ts' },
    ])
    // A mark drawn otherwise, even by one number, is the company's own.
    const thicker = { ...DEMO_CONTENT.logo, strokeWidth: 3 }
    expect(named({ ...ownClaimedContent, logo: thicker })).toEqual([])
  })

  it("name a process step that says the demo's work, or the demo's time for the demo's step", () => {
    const [, proposal, building] = DEMO_CONTENT.process.steps
    if (!proposal || !building) throw new Error('the demo has its process steps')
    const steps = (...more: ClaimedContent['process']['steps']) => ({
      ...ownClaimedContent,
      process: { steps: [...ownClaimedContent.process.steps, ...more] },
    })
    // Its own words for the demo's work, or the demo's plan for a step of the same name.
    expect(
      named(
        steps(
          { id: 'a', title: 'Orçamento', duration: '5 dias', description: proposal.description },
          { id: 'b', title: building.title, duration: building.duration, description: 'Nossa.' },
        ),
      ),
    ).toEqual([
      'src/content/process.ts: processSteps[a]',
      'src/content/process.ts: processSteps[b]',
    ])
    // The demo's step name with a time of its own, or the demo's time for another step: its own.
    expect(
      named(
        steps(
          { id: 'c', title: proposal.title, duration: '2 dias', description: 'Nossa.' },
          { id: 'd', title: 'Treinamento', duration: proposal.duration, description: 'Nossa.' },
        ),
      ),
    ).toEqual([])
  })

  it("name the privacy notice's date only under another controller", () => {
    const demoDate = { ...ownClaimedContent, privacyNoticeDate: DEMO_CONTENT.privacyNoticeDate }
    expect(named(demoDate)).toEqual(['src/content/privacy-updated.ts: privacy date'])
    // The demo's razão social and CNPJ: the demo's own notice, rightly dated so.
    expect(named(demoDate, DEMO_CONTROLLER)).toEqual([])
    // A CNPJ of its own is another controller, whatever the razão social says yet.
    expect(
      named(demoDate, {
        ...DEMO_CONTROLLER,
        legal: { ...companyDefaults.legal, cnpj: OWN_FACTS.legal.cnpj },
      }),
    ).toEqual(['src/content/privacy-updated.ts: privacy date'])
  })
})
