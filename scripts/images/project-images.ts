/**
 * The projects' images, made at build time from what the company put in
 * src/content/projects/images/: each written at the widths the page offers, in AVIF and the
 * source's own kind (src/lib/project-image-files.ts), so a phone downloads a phone's image
 * in the lightest format it reads. resvg, which the build already uses for the share images,
 * draws an SVG; sharp resizes a PNG or a JPG and encodes every format (decision 086). A file
 * whose size is not the one its content says is refused: the page reserves that shape.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import sharp, { type Sharp } from 'sharp'
import type { ProjectImage } from '../../src/content/projects/project.ts'
import {
  projectImageFiles,
  projectImageSource,
  type ProjectImageFile,
  type ProjectImageSource,
  type ProjectImageType,
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

/**
 * Each format's encoder. AVIF at quality 60 keeps a screenshot's small text sharp at a phone's
 * width; at effort 2 it encodes a 1 200 px drawing in 0.27 CPU-s to 9.2 KB, where the default
 * effort (4) took 1.23 CPU-s for 7.8 KB, on every build, the tests' four included.
 */
const ENCODERS: Record<ProjectImageType, (image: Sharp) => Sharp> = {
  'image/avif': (image) => image.avif({ quality: 60, effort: 2 }),
  'image/png': (image) => image.png({ compressionLevel: 9, effort: 7 }),
  'image/jpeg': (image) => image.jpeg({ quality: 82, mozjpeg: true }),
}

/** The image drawn or resized to one width, ready to encode in any format. */
function atWidth(kind: ProjectImageSource, data: Buffer, width: number): Sharp {
  if (kind !== 'svg') return sharp(data, { failOn: 'error' }).resize({ width })
  const drawn = new Resvg(data, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
  return sharp(drawn.render().asPng())
}

/**
 * One width of an image encoded in one format. A header that says its size over data that does
 * not decode (a cut-off upload) fails here, named.
 */
function encode(resized: Sharp, type: ProjectImageType, image: ProjectImage): Promise<Buffer> {
  return ENCODERS[type](resized)
    .toBuffer()
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      throw new ProjectImageError(
        `${path.join(PROJECT_IMAGES_DIR, image.file)} could not be decoded (${reason}); export it again.`,
      )
    })
}

/** One file of an image: its width, in its format. */
export function renderProjectImage(
  kind: ProjectImageSource,
  data: Buffer,
  image: ProjectImage,
  file: Pick<ProjectImageFile, 'width' | 'type'>,
): Promise<Buffer> {
  return encode(atWidth(kind, data, file.width), file.type, image)
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
    // Each width drawn or resized once, then encoded in every format.
    const widths = new Map<number, Sharp>()
    for (const file of projectImageFiles(image)) {
      if (written.includes(file.url)) continue
      const out = path.join(distDir, file.url)
      await mkdir(path.dirname(out), { recursive: true })
      const resized = widths.get(file.width) ?? atWidth(kind, data, file.width)
      widths.set(file.width, resized)
      await writeFile(out, await encode(resized.clone(), file.type, image))
      written.push(file.url)
    }
  }
  return written
}
