import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FONT_CHARACTERS } from '../../../scripts/brand/font-characters.ts'
import { sourceSize } from '../../../scripts/images/project-images.ts'
import { projectImageSource } from '../../lib/project-image-files.ts'
import { projectsText } from '../projects-page.ts'
import { projects } from './index.ts'
import {
  featuredProjects,
  projectClientLogos,
  projectImages,
  projectTestimonials,
} from './project-lists.ts'
import { exampleProjects, projectProblems } from './project-problems.ts'
import type { Project } from './project.ts'

const imagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images')

/** A project as a company would write it: made up here, for the test only. */
const own: Project = {
  slug: 'loja-de-bairro',
  title: 'Uma loja online',
  client: { name: 'Loja de Bairro', sector: 'Varejo' },
  summary: 'Pedidos pelo site.',
  problem: 'Pedidos se perdiam.',
  built: 'Uma loja web.',
  result: { value: '3×', label: 'mais pedidos' },
  stack: ['React'],
  images: [{ file: 'loja.png', alt: 'A loja', width: 800, height: 500 }],
  year: 2025,
  featured: false,
}

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : []

describe('the projects a company publishes', () => {
  it('ships the demo’s three, each whole, marked as an example, with a result that has a number', () => {
    expect(projectProblems(projects)).toEqual([])
    expect(projects).toHaveLength(3)
    expect(exampleProjects(projects)).toEqual(projects)
    for (const project of projects) expect(project.result.value).toMatch(/\d/)
  })

  it('has each image in ./images at the size its project says, in a kind the build reads', () => {
    for (const image of projectImages(projects)) {
      const kind = projectImageSource(image.file)
      expect(kind, image.file).toBeDefined()
      if (!kind) continue
      const size = sourceSize(kind, readFileSync(path.join(imagesDir, image.file)))
      expect(size, image.file).toEqual({ width: image.width, height: image.height })
      expect(image.alt.length, image.file).toBeGreaterThan(20)
    }
  })

  it('writes only characters the brand font keeps, so no word is drawn in the fallback', () => {
    const used = new Set(strings([projects, projectsText]).join(''))
    const missing = [...used].filter((char) => !/\s/.test(char) && !FONT_CHARACTERS.includes(char))
    expect(missing).toEqual([])
  })

  it('names what would break a page: a slug, a twice-used slug, an image without alt or size, a number-less result', () => {
    expect(projectProblems([own])).toEqual([])
    const broken: Project = {
      ...own,
      slug: 'Loja Nova',
      result: { value: 'muito', label: 'mais pedidos' },
      images: [
        { file: 'loja.webp', alt: ' ', width: 800.5, height: 0 },
        { file: '../fora.png', alt: 'Fora', width: 10, height: 10 },
      ],
      quote: { text: '', name: 'Ana', role: 'Dona' },
    }
    expect(projectProblems([broken, { ...own, slug: 'loja-nova' }, own, own])).toEqual([
      'project "Loja Nova": a slug has lower-case letters, digits and single hyphens only.',
      'project "Loja Nova": result.value "muito" has no number.',
      'project "Loja Nova": "loja.webp" must be a PNG, JPG or SVG file name in src/content/projects/images/.',
      'project "Loja Nova": say what "loja.webp" shows (alt).',
      'project "Loja Nova": width of "loja.webp" must be its size in pixels.',
      'project "Loja Nova": height of "loja.webp" must be its size in pixels.',
      'project "Loja Nova": "../fora.png" must be a PNG, JPG or SVG file name in src/content/projects/images/.',
      'project "Loja Nova": a quote needs its text and who said it.',
      'project "loja-de-bairro": another project has this slug.',
    ])
    expect(projectProblems([{ ...own, title: ' ', summary: '' }])).toEqual([
      'project "loja-de-bairro": title is empty.',
      'project "loja-de-bairro": summary is empty.',
    ])
  })

  it('takes the examples, the featured, the testimonials and the logos from the same list', () => {
    const logo = { file: 'logo.svg', alt: '', width: 120, height: 40 }
    const quoted = {
      ...own,
      slug: 'com-citacao',
      featured: true,
      example: true,
      quote: { text: 'Ótimo.', name: 'Ana', role: 'Dona' },
      client: { ...own.client, logo },
    } satisfies Project
    const list = [own, quoted]
    expect(exampleProjects(list)).toEqual([quoted])
    expect(featuredProjects(list)).toEqual([quoted])
    expect(projectTestimonials(list)).toEqual([{ project: quoted, quote: quoted.quote }])
    expect(projectClientLogos(list)).toEqual([
      { slug: 'com-citacao', name: 'Loja de Bairro', logo },
    ])
    // Each file once, the logo included.
    expect(projectImages([...list, own]).map((image) => image.file)).toEqual([
      'loja.png',
      'logo.svg',
    ])
  })
})
