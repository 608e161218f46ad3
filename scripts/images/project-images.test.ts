import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { pngColours, pngSize } from '../../tests/support/png.ts'
import { jpegSize } from './image-size.ts'
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

/** The start of a JPEG: its frame header (SOF0) says 1000 × 600; enough to be copied. */
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03,
  0xe8, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
])

const image = (file: string, width: number, height: number) => ({ file, alt: 'x', width, height })

describe("the build's project images", () => {
  it('draws an SVG and resizes a PNG to each width, as PNGs of the right size and colour', async () => {
    await writeFile(path.join(sources, 'desenho.svg'), drawing(1200, 750, '#1f6f68'))
    await writeFile(path.join(sources, 'tela.png'), screenshot(1000, 500, '#2454a6'))
    const written = await writeProjectImages(sources, dist, [
      image('desenho.svg', 1200, 750),
      image('tela.png', 1000, 500),
      // Shown by two projects: written once.
      image('tela.png', 1000, 500),
    ])
    expect(written).toEqual([
      '/projetos/imagens/desenho-480.png',
      '/projetos/imagens/desenho-800.png',
      '/projetos/imagens/desenho-1200.png',
      '/projetos/imagens/tela-480.png',
      '/projetos/imagens/tela-800.png',
      '/projetos/imagens/tela-1000.png',
    ])
    const read = (url: string) => readFile(path.join(dist, url))
    expect(pngSize(await read('/projetos/imagens/desenho-480.png'))).toEqual({
      width: 480,
      height: 300,
    })
    expect(pngSize(await read('/projetos/imagens/tela-800.png'))).toEqual({
      width: 800,
      height: 400,
    })
    const colours = pngColours(await read('/projetos/imagens/tela-480.png'))
    expect([...colours.keys()]).toEqual(['#2454a6'])
    // Smaller widths weigh less: a phone never downloads the desktop's image.
    const [small, large] = await Promise.all(
      ['/projetos/imagens/tela-480.png', '/projetos/imagens/tela-1000.png'].map(read),
    )
    expect(small?.length).toBeLessThanOrEqual(large?.length ?? 0)
  })

  it('copies a JPG as it is, at its own width', async () => {
    expect(jpegSize(jpeg)).toEqual({ width: 1000, height: 600 })
    await writeFile(path.join(sources, 'foto.jpg'), jpeg)
    expect(await writeProjectImages(sources, dist, [image('foto.jpg', 1000, 600)])).toEqual([
      '/projetos/imagens/foto-1000.jpg',
    ])
    expect(await readFile(path.join(dist, '/projetos/imagens/foto-1000.jpg'))).toEqual(jpeg)
  })

  it('refuses a file of another size than its project says, or a missing one, naming it', async () => {
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
  })
})
