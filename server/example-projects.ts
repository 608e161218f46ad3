import { isDemoSite } from './demo-facts.ts'

/**
 * The demo company's example projects a build published (`example: true` in
 * src/content/projects/): the build records them in dist-server/build.json, names them in its
 * warnings, and a production start refuses to serve them, as it refuses the demo's facts
 * (decisions 069 and 078): they are another company's invented clients.
 */
export interface PublishedExample {
  slug: string
  title: string
}

export const PROJECTS_DIR = 'src/content/projects/'

const listed = (examples: readonly PublishedExample[]) =>
  examples.map(({ slug, title }) => `/projetos/${slug} ("${title}")`).join('; ')

/** Why a production start must refuse, naming each example; undefined when it may go on. */
export const exampleProjectsProblem = (
  env: Readonly<Record<string, string | undefined>>,
  examples: readonly PublishedExample[],
): string | undefined => {
  if (env.NODE_ENV !== 'production' || isDemoSite(env) || examples.length === 0) return undefined
  return `NODE_ENV=production with the demo's example projects published: ${listed(examples)}. Replace them with your company's own in ${PROJECTS_DIR} (or remove them) and run npm run build, or set DEMO_SITE=true to run a demonstration.`
}

/** The build's and a development start's word on them (undefined: none published). */
export const exampleProjectsWarning = (
  examples: readonly PublishedExample[],
): string | undefined => {
  if (examples.length === 0) return undefined
  return `The site publishes the demo's example projects, invented clients with invented numbers: ${listed(examples)}. Replace them with your own in ${PROJECTS_DIR}, or remove them. A production start refuses them unless DEMO_SITE=true.`
}
