/**
 * Which files the build makes of a project's image, and their addresses: one function for the
 * build that writes them (scripts/images/project-images.ts) and the page that asks for them
 * (src/components/project-picture.tsx), so the two never disagree. Plain data, no I/O.
 */
import type { ProjectImage } from '../content/projects/project.ts'

/** Where the build writes them, under dist/. */
export const PROJECT_IMAGES_PATH = '/projetos/imagens'

/**
 * The widths written, each at most the file's own: a phone's screen (480), a phone at 2× or a
 * column (800), the page's widest column (1200), a wide one at 2× (1600).
 */
export const PROJECT_IMAGE_WIDTHS = [480, 800, 1200, 1600] as const

const MAX_WIDTH = PROJECT_IMAGE_WIDTHS[PROJECT_IMAGE_WIDTHS.length - 1] ?? 1600

export type ProjectImageSource = 'svg' | 'png' | 'jpg'

/** The source's kind, by its file name; undefined for a kind the build does not read. */
export function projectImageSource(file: string): ProjectImageSource | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase()
  if (extension === 'svg' || extension === 'png') return extension
  if (extension === 'jpg' || extension === 'jpeg') return 'jpg'
  return undefined
}

/** The formats written: AVIF first, as the page offers them. */
export type ProjectImageType = 'image/avif' | 'image/png' | 'image/jpeg'

const EXTENSIONS: Record<ProjectImageType, string> = {
  'image/avif': 'avif',
  'image/png': 'png',
  'image/jpeg': 'jpg',
}

export interface ProjectImageFile {
  url: string
  width: number
  height: number
  type: ProjectImageType
}

/** One format of an image, every width of it, smallest first. */
export interface ProjectImageSet {
  type: ProjectImageType
  files: ProjectImageFile[]
}

/**
 * What the page offers the browser, in its order of preference: AVIF, about half a PNG's or a
 * JPEG's weight, which every current browser reads; then the source's own kind for any other
 * (PNG for a drawing or a PNG, JPEG for a photograph), the `<img>` itself. Each at every width
 * up to the file's own (decision 086). No WebP: a browser that reads it and not AVIF is five
 * years old, and for a flat drawing it weighed more than the PNG.
 */
export function projectImageSets(image: ProjectImage): ProjectImageSet[] {
  const base = image.file.replace(/\.[a-z]+$/i, '')
  const largest = Math.min(image.width, MAX_WIDTH)
  const widths = [...PROJECT_IMAGE_WIDTHS.filter((width) => width < largest), largest]
  const fallback = projectImageSource(image.file) === 'jpg' ? 'image/jpeg' : 'image/png'
  return (['image/avif', fallback] as const).map((type) => ({
    type,
    files: widths.map((width) => ({
      url: `${PROJECT_IMAGES_PATH}/${base}-${width}.${EXTENSIONS[type]}`,
      width,
      height: Math.round((image.height * width) / image.width),
      type,
    })),
  }))
}

/** Every file the build writes of an image, each format at each width. */
export const projectImageFiles = (image: ProjectImage): ProjectImageFile[] =>
  projectImageSets(image).flatMap((set) => set.files)

/** The `srcset` of those files. */
export const srcsetOf = (files: readonly ProjectImageFile[]): string =>
  files.map((file) => `${file.url} ${file.width}w`).join(', ')

/**
 * The largest file in the source's own kind: the `<img>`'s `src`, and the image search engines
 * and link previews are given (PNG or JPEG, which every one of them reads).
 */
export function largestProjectImage(image: ProjectImage): ProjectImageFile {
  const fallback = projectImageSets(image).at(-1)
  const largest = fallback?.files.at(-1)
  if (!largest) throw new Error(`No file for ${image.file}`)
  return largest
}
