import type { Project, ProjectImage } from './project.ts'

/** The projects the home page's band shows. */
export const featuredProjects = (projects: readonly Project[]): Project[] =>
  projects.filter((project) => project.featured)

/** What clients said, each with its project: the testimonials are the projects' quotes. */
export const projectTestimonials = (projects: readonly Project[]) =>
  projects.flatMap((project) => (project.quote ? [{ project, quote: project.quote }] : []))

/** The clients that gave a logo, named by it: the client logos come from the projects too. */
export const projectClientLogos = (projects: readonly Project[]) =>
  projects.flatMap(({ slug, client }) =>
    client.logo ? [{ slug, name: client.name, logo: client.logo }] : [],
  )

/** Every image the build writes for the projects, each file once. */
export const projectImages = (projects: readonly Project[]): ProjectImage[] => {
  const all = projects.flatMap((project) => [
    ...project.images,
    ...(project.client.logo ? [project.client.logo] : []),
  ])
  return all.filter((image, index) => all.findIndex((other) => other.file === image.file) === index)
}
