export interface TeamMember {
  readonly id: string
  readonly name: string
  /** What the person does: "Engenharia", "Design de produto". */
  readonly role: string
  /** A square photo under public/, drawn round at 56 px; without one, the initials. */
  readonly photo?: { readonly src: string; readonly width: number; readonly height: number }
}

/**
 * The people behind the company, named in the about section under the reasons to choose it.
 * Empty, nothing is drawn. The demo names no one: invented people on a company's page are a
 * claim about a team, and a fork that forgot them would publish strangers as its own
 * (decision 081).
 */
export const teamSection = {
  title: 'Quem faz',
} as const

export const team: readonly TeamMember[] = []
