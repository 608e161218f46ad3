import type { Brand, BrandLogo } from '#shared/company/brand.ts'
import { company } from '#shared/company/company.ts'
import { demoFactsInUse, type DemoCheckedFacts } from './demo-facts.ts'

/**
 * The demo company's claims, beside its facts (demo-facts.ts): what its copy says of it (the
 * tagline, its years of experience, the hero's pitch, the reasons to choose it, the footer's
 * line), its logo's mark and the day its privacy notice is dated. A fork's copy starts as
 * these. Nothing refuses them, since a company may mean the same words, but
 * `npm run check:company` and `npm run build` name each one still the demo's, with the file to
 * edit (decision 075).
 *
 * Plain values, unlike the facts' digests: they are no one's contacts, and every fork's
 * src/content/ starts with them anyway. Read by scripts only (check-company.ts, build.ts,
 * through scripts/company/claimed-content.ts), never by src/ nor by the server at run time. A
 * version that changes one of them in src/content/, brand.ts or privacy-updated.ts changes it
 * here in the same commit: no test can tell the demo from a fork that kept its words.
 */
export interface ClaimedContent {
  readonly site: {
    readonly brand: { readonly tagline: string; readonly experience: string }
    readonly hero: {
      readonly titleLead: string
      readonly titleHighlight: string
      readonly description: string
    }
    readonly seo: { readonly description: string }
    readonly layoutText: { readonly footerTagline: string }
  }
  readonly about: {
    readonly aboutSection: { readonly badge: string; readonly description: string }
    readonly differentiators: readonly {
      readonly id: string
      readonly title: string
      readonly description: string
    }[]
  }
  /** How a project runs (src/content/process.ts): each step's promise of time and work. */
  readonly process: {
    readonly steps: readonly {
      readonly id: string
      readonly title: string
      readonly duration: string
      readonly description: string
    }[]
  }
  readonly logo: Brand['logo']
  /** privacyNoticeUpdated.date: the day the notice's "Atualizada em" shows. */
  readonly privacyNoticeDate: string
}

/** The demo company's, as this version ships them: the one place they are written. */
export const DEMO_CONTENT: ClaimedContent & { readonly logo: BrandLogo } = {
  site: {
    brand: {
      tagline: 'Soluções inovadoras em tecnologia',
      experience: '+7 anos de experiência',
    },
    hero: {
      titleLead: 'Transformamos',
      titleHighlight: 'ideias em código',
      description:
        'Desenvolvemos software sob medida que impulsiona o crescimento do seu negócio, da primeira ideia ao produto no ar.',
    },
    seo: {
      description:
        'Desenvolvimento web e mobile, backend, cloud, UI/UX, consultoria, segurança digital e automação. Software sob medida que impulsiona o crescimento do seu negócio.',
    },
    layoutText: { footerTagline: 'Software sob medida para empresas que querem crescer.' },
  },
  about: {
    aboutSection: {
      badge: 'Time experiente',
      description:
        'Unimos experiência técnica e proximidade com o cliente para entregar software que resolve problemas reais.',
    },
    differentiators: [
      {
        id: 'results',
        title: 'Foco em Resultados',
        description: 'Cada entrega é pensada para gerar valor mensurável para o seu negócio.',
      },
      {
        id: 'team',
        title: 'Equipe Especializada',
        description: 'Profissionais experientes em desenvolvimento, design, nuvem e segurança.',
      },
      {
        id: 'innovation',
        title: 'Inovação Constante',
        description:
          'Acompanhamos as novidades do mercado e aplicamos o que de fato faz diferença.',
      },
      {
        id: 'quality',
        title: 'Qualidade Garantida',
        description: 'Testes automatizados, revisão de código e padrões rigorosos em cada projeto.',
      },
      {
        id: 'agile',
        title: 'Entrega Ágil',
        description:
          'Ciclos curtos e comunicação transparente: você acompanha cada etapa do trabalho.',
      },
      {
        id: 'excellence',
        title: 'Excelência Técnica',
        description:
          'Código limpo, bem documentado e fácil de manter, pronto para crescer com você.',
      },
    ],
  },
  // The first step's duration is the company's consultation (company-facts.ts), not a claim.
  process: {
    steps: [
      {
        id: 'conversa',
        title: 'Conversa inicial',
        duration: '',
        description: 'Gratuita: o problema, o prazo e o orçamento.',
      },
      {
        id: 'proposta',
        title: 'Proposta',
        duration: '1 semana',
        description: 'Escopo, cronograma e preço, por escrito.',
      },
      {
        id: 'construcao',
        title: 'Desenvolvimento',
        duration: '4 a 12 semanas',
        description: 'Uma entrega a cada duas semanas, para você testar.',
      },
      {
        id: 'lancamento',
        title: 'Lançamento',
        duration: '2 semanas',
        description: 'No ar, medido e acompanhado de perto.',
      },
    ],
  },
  // The mark the demo drew by hand until 1.3 (a caret with a cursor): a fork that copied it is
  // told. Since then the demo draws none, and its mark comes from its name (brand-motif.ts).
  logo: {
    viewBox: '0 0 32 32',
    tileRadius: 8,
    strokes: ['M8.5 22.5 15 9.5l6.5 13'],
    strokeWidth: 3.4,
    fills: ['M20.5 21.25h5v2.5h-5z'],
  },
  privacyNoticeDate: '2026-12-05',
}

/** What is still the demo's, each with the file a fork edits to make it its own. */
export type DemoClaim =
  | { kind: 'words'; file: string; claim: string; value: string }
  | { kind: 'logo'; file: string }
  | { kind: 'privacy date'; file: string; value: string }

const SITE = 'src/content/site.ts'
const ABOUT = 'src/content/differentiators.ts'
const PROCESS = 'src/content/process.ts'
export const BRAND_FILE = 'supabase/functions/_shared/company/brand.ts'
export const PRIVACY_DATE_FILE = 'src/content/privacy-updated.ts'

/** The copy's claims, each read alike from a fork's content and from the demo's. */
const WORDS: { file: string; claim: string; read: (content: ClaimedContent) => string }[] = [
  { file: SITE, claim: 'brand.tagline', read: (c) => c.site.brand.tagline },
  { file: SITE, claim: 'brand.experience', read: (c) => c.site.brand.experience },
  {
    file: SITE,
    claim: 'hero.titleLead + hero.titleHighlight',
    read: (c) => `${c.site.hero.titleLead} ${c.site.hero.titleHighlight}`,
  },
  { file: SITE, claim: 'hero.description', read: (c) => c.site.hero.description },
  { file: SITE, claim: 'seo.description', read: (c) => c.site.seo.description },
  { file: SITE, claim: 'layoutText.footerTagline', read: (c) => c.site.layoutText.footerTagline },
  { file: ABOUT, claim: 'aboutSection.badge', read: (c) => c.about.aboutSection.badge },
  {
    file: ABOUT,
    claim: 'aboutSection.description',
    read: (c) => c.about.aboutSection.description,
  },
]

/** Compared as a reader sees them: case, spacing and Unicode's composed forms aside. */
const form = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

const sameMark = (a: Brand['logo'], b: Brand['logo']) => {
  // A brand that draws no mark shows the one drawn from its own name (brand-motif.ts).
  if (!a || !b) return false
  const drawn = (logo: BrandLogo) =>
    JSON.stringify([
      form(logo.viewBox),
      logo.tileRadius,
      logo.strokes.map(form),
      logo.strokeWidth,
      logo.fills.map(form),
    ])
  return drawn(a) === drawn(b)
}

/**
 * The demo's words, mark and privacy date still in `content`. A reason to choose the company
 * is named while its title or its description is one of the demo's. The date is named only
 * once the controller is another company (its razão social or CNPJ is no longer the demo's):
 * the demo's own notice is rightly dated so.
 */
export const demoClaimsInUse = (
  content: ClaimedContent,
  facts: DemoCheckedFacts = company,
): DemoClaim[] => {
  const claims: DemoClaim[] = WORDS.filter(
    ({ read }) => form(read(content)) !== '' && form(read(content)) === form(read(DEMO_CONTENT)),
  ).map(({ file, claim, read }) => ({ kind: 'words', file, claim, value: read(content) }))
  const demoReasons = new Set(
    DEMO_CONTENT.about.differentiators.flatMap(({ title, description }) => [
      form(title),
      form(description),
    ]),
  )
  for (const { id, title, description } of content.about.differentiators) {
    if (!demoReasons.has(form(title)) && !demoReasons.has(form(description))) continue
    claims.push({
      kind: 'words',
      file: ABOUT,
      claim: `differentiators[${id}]`,
      value: `${title}: ${description}`,
    })
  }
  // A step is the demo's promise while it says the demo's work, or the demo's time for the
  // demo's step: "Proposta" alone is anyone's word, "Proposta, 1 semana" the demo's plan.
  const demoSteps = DEMO_CONTENT.process.steps
  for (const { id, title, duration, description } of content.process.steps) {
    const sameWork = demoSteps.some((step) => form(step.description) === form(description))
    const sameTime = demoSteps.some(
      (step) =>
        step.duration !== '' &&
        form(step.title) === form(title) &&
        form(step.duration) === form(duration),
    )
    if (!sameWork && !sameTime) continue
    claims.push({
      kind: 'words',
      file: PROCESS,
      claim: `processSteps[${id}]`,
      value: `${title} (${duration}): ${description}`,
    })
  }
  if (sameMark(content.logo, DEMO_CONTENT.logo)) claims.push({ kind: 'logo', file: BRAND_FILE })
  const demoIdentity = demoFactsInUse(facts).map(({ fact }) => fact)
  const newController = !demoIdentity.includes('legal.name') || !demoIdentity.includes('legal.cnpj')
  if (newController && content.privacyNoticeDate === DEMO_CONTENT.privacyNoticeDate) {
    claims.push({ kind: 'privacy date', file: PRIVACY_DATE_FILE, value: content.privacyNoticeDate })
  }
  return claims
}
