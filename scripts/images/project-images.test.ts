import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import sharp from 'sharp'
import { ProjectImageError, writeProjectImages } from './project-images.ts'

let sources: string
let dist: string

beforeEach(async () => {
  sources = await mkdtemp(path.join(tmpdir(), 'project-images-src-'))
  dist = await mkdtemp(path.join(tmpdir(), 'project-images-dist-'))
})
afterEach(async () => {
  await Promise.all([sources, dist].map((dir) => rm(dir, { recursive: true, force: true })))
})

const drawing = (width: number, height: number, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/></svg>`

/** A screenshot as a company would drop it in: a PNG, here painted by resvg. */
const screenshot = (width: number, height: number, colour: string) =>
  new Resvg(drawing(width, height, colour)).render().asPng()

/** A photograph as a company would drop it in: a JPEG of one colour. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0562b' } })
    .jpeg()
    .toBuffer()

const image = (file: string, width: number, height: number) => ({ file, alt: 'x', width, height })

const read = (url: string) => readFile(path.join(dist, url))

/** What a decoder reads in a written file: its format, size and the colour at its middle. */
async function decoded(url: string) {
  const file = sharp(await read(url))
  const { format, width, height, compression } = await file.metadata()
  const { data, info } = await file.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3
  const colour = [...data.subarray(middle, middle + 3)]
  return { format: format === 'heif' ? compression : format, width, height, colour }
}

/** Near enough for a lossy format: each channel within 6 of the drawn one. */
const near = (colour: number[], hex: string) =>
  colour.every(
    (channel, at) => Math.abs(channel - parseInt(hex.slice(1 + at * 2, 3 + at * 2), 16)) <= 6,
  )

describe("the build's project images", () => {
  it('draws an SVG and resizes a PNG to each width, in AVIF and PNG, of the right size and colour', async () => {
    await writeFile(path.join(sources, 'desenho.svg'), drawing(1200, 750, '#1f6f68'))
    await writeFile(path.join(sources, 'tela.png'), screenshot(1000, 500, '#2454a6'))
    const written = await writeProjectImages(sources, dist, [
      image('desenho.svg', 1200, 750),
      image('tela.png', 1000, 500),
      // Shown by two projects: written once.
      image('tela.png', 1000, 500),
    ])
    expect(written).toEqual(
      ['desenho', 'tela'].flatMap((name) =>
        ['avif', 'png'].flatMap((extension) =>
          (name === 'desenho' ? [480, 800, 1200] : [480, 800, 1000]).map(
            (width) => `/projetos/imagens/${name}-${width}.${extension}`,
          ),
        ),
      ),
    )
    for (const [url, format, width, height, colour] of [
      ['/projetos/imagens/desenho-480.avif', 'av1', 480, 300, '#1f6f68'],
      ['/projetos/imagens/desenho-800.avif', 'av1', 800, 500, '#1f6f68'],
      ['/projetos/imagens/desenho-1200.png', 'png', 1200, 750, '#1f6f68'],
      ['/projetos/imagens/tela-800.avif', 'av1', 800, 400, '#2454a6'],
      ['/projetos/imagens/tela-480.png', 'png', 480, 240, '#2454a6'],
      ['/projetos/imagens/tela-1000.png', 'png', 1000, 500, '#2454a6'],
    ] as const) {
      const file = await decoded(url)
      expect({ url, format: file.format, width: file.width, height: file.height }).toEqual({
        url,
        format,
        width,
        height,
      })
      expect(near(file.colour, colour), `${url}: ${file.colour.join(',')} is ${colour}`).toBe(true)
    }
    // Smaller widths weigh less: a phone never downloads the desktop's image.
    const [small, large] = await Promise.all(
      ['/projetos/imagens/tela-480.avif', '/projetos/imagens/tela-1000.avif'].map(read),
    )
    expect(small?.length).toBeLessThan(large?.length ?? 0)
  })

  it('resizes a JPG to each width, in AVIF and JPEG', async () => {
    await writeFile(path.join(sources, 'foto.jpg'), await photo(1000, 600))
    const written = await writeProjectImages(sources, dist, [image('foto.jpg', 1000, 600)])
    expect(written.filter((url) => url.endsWith('.jpg'))).toEqual([
      '/projetos/imagens/foto-480.jpg',
      '/projetos/imagens/foto-800.jpg',
      '/projetos/imagens/foto-1000.jpg',
    ])
    expect(written).toHaveLength(6)
    const file = await decoded('/projetos/imagens/foto-800.jpg')
    expect([file.format, file.width, file.height]).toEqual(['jpeg', 800, 480])
    expect(near(file.colour, '#c0562b'), file.colour.join(',')).toBe(true)
  })

  it('refuses a file of another size than its project says, or a missing or broken one, naming it', async () => {
    await writeFile(path.join(sources, 'tela.png'), screenshot(1000, 500, '#2454a6'))
    await expect(writeProjectImages(sources, dist, [image('tela.png', 1000, 600)])).rejects.toThrow(
      new ProjectImageError(
        "src/content/projects/images/tela.png is 1000 × 500, and its project says 1000 × 600: write the file's own size, so the page keeps its place.",
      ),
    )
    await expect(
      writeProjectImages(sources, dist, [image('nao-existe.svg', 10, 10)]),
    ).rejects.toThrow('src/content/projects/images/nao-existe.svg is missing')
    await writeFile(path.join(sources, 'quebrada.png'), 'não é um PNG')
    await expect(
      writeProjectImages(sources, dist, [image('quebrada.png', 10, 10)]),
    ).rejects.toThrow('src/content/projects/images/quebrada.png is not a readable PNG file.')
    // Its header says 1000 × 600, and nothing after it decodes.
    const cutOff = (await photo(1000, 600)).subarray(0, 400)
    await writeFile(path.join(sources, 'cortada.jpg'), cutOff)
    await expect(
      writeProjectImages(sources, dist, [image('cortada.jpg', 1000, 600)]),
    ).rejects.toThrow(
      /^src\/content\/projects\/images\/cortada\.jpg could not be decoded \(.+\); export it again\.$/,
    )
  })
})
