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

export interface ProjectImageFile {
  url: string
  width: number
  height: number
}

/**
 * What the page offers the browser: each width of the image, smallest first, in one format.
 * A drawing (SVG) and a PNG are resized and written as PNG. A JPG is served at its own size:
 * the tools installed can read a JPG but not write one, so a smaller copy would be a larger
 * PNG (decision 079).
 */
export function projectImageFiles(image: ProjectImage): {
  type: 'image/png' | 'image/jpeg'
  files: ProjectImageFile[]
} {
  const source = projectImageSource(image.file)
  const base = image.file.replace(/\.[a-z]+$/i, '')
  if (source === 'jpg') {
    return {
      type: 'image/jpeg',
      files: [
        {
          url: `${PROJECT_IMAGES_PATH}/${base}-${image.width}.jpg`,
          width: image.width,
          height: image.height,
        },
      ],
    }
  }
  const largest = Math.min(image.width, MAX_WIDTH)
  const widths = [...PROJECT_IMAGE_WIDTHS.filter((width) => width < largest), largest]
  return {
    type: 'image/png',
    files: widths.map((width) => ({
      url: `${PROJECT_IMAGES_PATH}/${base}-${width}.png`,
      width,
      height: Math.round((image.height * width) / image.width),
    })),
  }
}

/** The `srcset` of those files. */
export const srcsetOf = (files: readonly ProjectImageFile[]): string =>
  files.map((file) => `${file.url} ${file.width}w`).join(', ')

/** The largest file: the fallback `src`, and the image search engines are given. */
export function largestProjectImage(image: ProjectImage): ProjectImageFile {
  const { files } = projectImageFiles(image)
  const largest = files[files.length - 1]
  if (!largest) throw new Error(`No file for ${image.file}`)
  return largest
}
