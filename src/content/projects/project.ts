/**
 * A project the company delivered and may show: the story a prospective client reads (what
 * was wrong, what was built, what changed, with one number), and what the page needs to show
 * it. One file per project beside this one, listed in index.ts; the site shows every project
 * listed there, and nothing of projects while the list is empty.
 */

/**
 * A picture of the work: a screenshot or a drawing, put in ./images/ (PNG, JPG or SVG). The
 * build writes it at a few widths (scripts/images/project-images.ts); the page asks for the one
 * that fits. `width` and `height` are the file's own: the page reserves that shape before the
 * image arrives, and the build refuses a file of another shape.
 */
export interface ProjectImage {
  /** Its file name in src/content/projects/images/, e.g. 'loja-no-celular.png'. */
  readonly file: string
  /** What it shows, for those who cannot see it. */
  readonly alt: string
  readonly width: number
  readonly height: number
}

export interface ProjectClient {
  /** As the client agreed to be named. */
  readonly name: string
  /** What the client does, e.g. 'Varejo de alimentos'. */
  readonly sector: string
  /** Where it is, e.g. 'Campinas, SP'. */
  readonly city?: string
  /** Its logo, shown among the clients when given; `alt` is the client's name. */
  readonly logo?: ProjectImage
}

/** What changed, as one number a client can check: '42%' over 'das encomendas pelo site'. */
export interface ProjectResult {
  /** The number as shown: short, figures first ('42%', '3×', '2 h'). */
  readonly value: string
  /** What the number counts, read after it. */
  readonly label: string
}

/** What the client said, with their permission: shown on the project's page and as a testimonial. */
export interface ProjectQuote {
  readonly text: string
  readonly name: string
  /** Their role at the client, e.g. 'Sócia-proprietária'. */
  readonly role: string
}

export interface Project {
  /** Its address: /projetos/<slug>. Lower case, digits and hyphens. */
  readonly slug: string
  readonly title: string
  readonly client: ProjectClient
  /** One or two sentences: the card's text and the page's description for search engines. */
  readonly summary: string
  /** What was wrong, or missing, before. */
  readonly problem: string
  /** What the company built. */
  readonly built: string
  readonly result: ProjectResult
  /** The technologies used, in the order worth reading. */
  readonly stack: readonly string[]
  /** The first is the cover: on the cards and at the top of the page. */
  readonly images: readonly [ProjectImage, ...ProjectImage[]]
  readonly quote?: ProjectQuote
  /** The year it went live. */
  readonly year: number
  /** Shown in the band on the home page; every project has its page and a card on /projetos. */
  readonly featured: boolean
  /**
   * The demo company's example, not a real client's work: `npm run build` names it, and a
   * production start refuses to publish it (decision 078). A company's own projects leave it out.
   */
  readonly example?: true
}
