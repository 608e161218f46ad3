/**
 * The projects' images, made at build time from what the company put in
 * src/content/projects/images/: each written at the widths the page offers
 * (src/lib/project-image-files.ts), so a phone downloads a phone's image. resvg, which the
 * build already uses for the share images, draws an SVG at any width and resizes a PNG (as an
 * image inside an SVG); it writes PNG only, so a JPG is copied at its own size (decision 079).
 * A file whose size is not the one its content says is refused: the page reserves that shape.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import type { ProjectImage } from '../../src/content/projects/project.ts'
import {
  projectImageFiles,
  projectImageSource,
  type ProjectImageSource,
} from '../../src/lib/project-image-files.ts'
import { jpegSize, pngSize } from './image-size.ts'

/** Where a company puts its projects' images. */
export const PROJECT_IMAGES_DIR = path.join('src', 'content', 'projects', 'images')

const svgSize = (data: Buffer) => {
  const resvg = new Resvg(data, { font: { loadSystemFonts: false } })
  return { width: resvg.width, height: resvg.height }
}

/** The file's own size, by its kind. */
export function sourceSize(
  kind: ProjectImageSource,
  data: Buffer,
): { width: number; height: number } | undefined {
  if (kind === 'svg') return svgSize(data)
  return kind === 'png' ? pngSize(data) : jpegSize(data)
}

/** A PNG or a JPG as an SVG of its own size, for resvg to resize. */
const rasterAsSvg = (kind: 'png' | 'jpg', data: Buffer, width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image width="${width}" height="${height}" href="data:image/${kind === 'png' ? 'png' : 'jpeg'};base64,${data.toString('base64')}"/></svg>`,
  )

/** One width of an image, as a PNG; a JPG is kept as it is. */
export function renderProjectImage(
  kind: ProjectImageSource,
  data: Buffer,
  size: { width: number; height: number },
  width: number,
): Buffer {
  if (kind === 'jpg') return data
  const svg = kind === 'svg' ? data : rasterAsSvg(kind, data, size.width, size.height)
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng()
}

export class ProjectImageError extends Error {}

/** Reads an image's source and checks it is what the content says; throws with the file named. */
export async function readProjectImage(
  sourceDir: string,
  image: ProjectImage,
): Promise<{ kind: ProjectImageSource; data: Buffer }> {
  const kind = projectImageSource(image.file)
  const where = path.join(PROJECT_IMAGES_DIR, image.file)
  if (!kind) throw new ProjectImageError(`${where}: only PNG, JPG and SVG images are read.`)
  const data = await readFile(path.join(sourceDir, image.file)).catch(() => {
    throw new ProjectImageError(`${where} is missing: put the file there, or fix its name.`)
  })
  const size = sourceSize(kind, data)
  if (!size) throw new ProjectImageError(`${where} is not a readable ${kind.toUpperCase()} file.`)
  if (size.width !== image.width || size.height !== image.height) {
    throw new ProjectImageError(
      `${where} is ${size.width} × ${size.height}, and its project says ${image.width} × ${image.height}: write the file's own size, so the page keeps its place.`,
    )
  }
  return { kind, data }
}

/**
 * Writes every width of every image under distDir; returns the files written, as URLs. Each
 * image once, even if two projects show it.
 */
export async function writeProjectImages(
  sourceDir: string,
  distDir: string,
  images: readonly ProjectImage[],
): Promise<string[]> {
  const written: string[] = []
  for (const image of images) {
    const { kind, data } = await readProjectImage(sourceDir, image)
    for (const file of projectImageFiles(image).files) {
      if (written.includes(file.url)) continue
      const out = path.join(distDir, file.url)
      await mkdir(path.dirname(out), { recursive: true })
      await writeFile(out, renderProjectImage(kind, data, image, file.width))
      written.push(file.url)
    }
  }
  return written
}
