/**
 * Proof the company can show: work it delivered, clients who let it say so, what they said,
 * figures it can stand behind. Each list is empty until the company fills it in, and the page
 * shows nothing of a list that is empty: the site never invents a client, a quote or a number.
 * Images live in public/ (e.g. public/casos/loja.webp → '/casos/loja.webp'), served by the
 * site itself like everything else.
 */

export interface ProofImage {
  /** A path on the site, under public/. */
  readonly src: string
  /** What the image shows, for those who cannot see it. */
  readonly alt: string
  readonly width: number
  readonly height: number
}

export interface CaseStudy {
  readonly id: string
  /** The client, as they agreed to be named. */
  readonly client: string
  readonly title: string
  /** What was wrong, or missing, before. */
  readonly problem: string
  /** What the company built. */
  readonly built: string
  /** What changed for the client, in their terms. */
  readonly result: string
  readonly screenshot?: ProofImage
}

export interface ClientLogo {
  readonly id: string
  /** The client's name: the logo's text alternative. */
  readonly name: string
  readonly logo: ProofImage
}

export interface Testimonial {
  readonly id: string
  readonly quote: string
  readonly author: string
  /** Role and company, e.g. 'CTO, Padaria Pão Quente'. */
  readonly role: string
}

export interface Figure {
  readonly id: string
  /** The number as shown, e.g. '40+'. */
  readonly value: string
  readonly label: string
}

export interface Proof {
  readonly caseStudies: readonly CaseStudy[]
  readonly clientLogos: readonly ClientLogo[]
  readonly testimonials: readonly Testimonial[]
  readonly figures: readonly Figure[]
}

/** The company's proof: empty on purpose (see above). */
export const proof: Proof = {
  caseStudies: [],
  clientLogos: [],
  testimonials: [],
  figures: [],
}

/** How the proof is introduced and labelled, once there is some. */
export const proofText = {
  caseStudiesTitle: 'Projetos entregues',
  problem: 'O desafio',
  built: 'O que construímos',
  result: 'O resultado',
  clientsLabel: 'Empresas que confiam no nosso trabalho',
  testimonialsTitle: 'O que dizem os clientes',
  figuresLabel: 'Em números',
} as const
