/**
 * Figures the company can stand behind ('40+' projects delivered, '98%' of clients who came
 * back): empty until the company fills it in, and the page shows nothing of it while it is
 * empty, since the site never invents a number. The rest of the proof is the projects'
 * (src/content/projects/): each tells its story on its own page, its quote is a testimonial
 * and its client's logo, when given, is shown among the clients.
 */

export interface Figure {
  readonly id: string
  /** The number as shown, e.g. '40+'. */
  readonly value: string
  readonly label: string
}

/** The company's figures: empty on purpose (see above). */
export const figures: readonly Figure[] = []

export const proofText = {
  figuresLabel: 'Em números',
} as const
