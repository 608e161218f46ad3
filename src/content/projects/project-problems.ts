import { projectImageSource } from '../../lib/project-image-files.ts'
import type { Project, ProjectImage } from './project.ts'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const imageProblems = (where: string, image: ProjectImage): string[] => {
  const problems: string[] = []
  if (!projectImageSource(image.file) || /[/\\]/.test(image.file)) {
    problems.push(
      `${where}: "${image.file}" must be a PNG, JPG or SVG file name in src/content/projects/images/.`,
    )
  }
  if (image.alt.trim() === '') problems.push(`${where}: say what "${image.file}" shows (alt).`)
  for (const side of ['width', 'height'] as const) {
    if (!Number.isInteger(image[side]) || image[side] <= 0) {
      problems.push(`${where}: ${side} of "${image.file}" must be its size in pixels.`)
    }
  }
  return problems
}

/**
 * What would make a project's page broken or misleading, each named with the project: the
 * build stops on them (scripts/build.ts). Whether each image's size is its file's own is the
 * image build's to check, which reads the files (scripts/images/project-images.ts).
 */
export function projectProblems(projects: readonly Project[]): string[] {
  const problems: string[] = []
  const slugs = new Set<string>()
  for (const project of projects) {
    const where = `project "${project.slug}"`
    if (!SLUG.test(project.slug)) {
      problems.push(`${where}: a slug has lower-case letters, digits and single hyphens only.`)
    }
    if (slugs.has(project.slug)) problems.push(`${where}: another project has this slug.`)
    slugs.add(project.slug)
    const texts = {
      title: project.title,
      'client.name': project.client.name,
      'client.sector': project.client.sector,
      summary: project.summary,
      problem: project.problem,
      built: project.built,
      'result.value': project.result.value,
      'result.label': project.result.label,
    }
    for (const [field, text] of Object.entries(texts)) {
      if (text.trim() === '') problems.push(`${where}: ${field} is empty.`)
    }
    if (!/\d/.test(project.result.value)) {
      problems.push(`${where}: result.value "${project.result.value}" has no number.`)
    }
    if (project.images.length === 0) problems.push(`${where}: give it at least one image.`)
    for (const image of project.images) problems.push(...imageProblems(where, image))
    if (project.client.logo) problems.push(...imageProblems(`${where} (logo)`, project.client.logo))
    if (project.quote && [project.quote.text, project.quote.name].some((t) => t.trim() === '')) {
      problems.push(`${where}: a quote needs its text and who said it.`)
    }
  }
  return problems
}

/** The demo company's examples among them (`example: true`). */
export const exampleProjects = (projects: readonly Project[]): Project[] =>
  projects.filter((project) => project.example === true)
