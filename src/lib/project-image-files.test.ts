import {
  largestProjectImage,
  projectImageFiles,
  projectImageSets,
  projectImageSource,
  srcsetOf,
} from './project-image-files.ts'

const image = (file: string, width: number, height: number) => ({ file, alt: 'x', width, height })

const urlsOf = (file: string, width: number, height: number) =>
  projectImageSets(image(file, width, height)).map(
    (set) => [set.type, set.files.map((f) => `${f.url} ${f.width}×${f.height}`)] as const,
  )

describe("the files the build makes of a project's image", () => {
  it('reads PNG, JPG and SVG by their names, and nothing else', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.svg', 'e.webp', 'f'].map(projectImageSource)).toEqual([
      'png',
      'jpg',
      'jpg',
      'svg',
      undefined,
      undefined,
    ])
  })

  it('offers a drawing or a PNG in AVIF, then PNG, at each width up to its own, heights in proportion', () => {
    expect(urlsOf('tela.svg', 1200, 750)).toEqual([
      [
        'image/avif',
        [
          '/projetos/imagens/tela-480.avif 480×300',
          '/projetos/imagens/tela-800.avif 800×500',
          '/projetos/imagens/tela-1200.avif 1200×750',
        ],
      ],
      [
        'image/png',
        [
          '/projetos/imagens/tela-480.png 480×300',
          '/projetos/imagens/tela-800.png 800×500',
          '/projetos/imagens/tela-1200.png 1200×750',
        ],
      ],
    ])
    // A retina screenshot: never wider than the widest the page offers.
    expect(
      projectImageFiles(image('tela.png', 2880, 1800))
        .filter((file) => file.type === 'image/png')
        .map((f) => f.width),
    ).toEqual([480, 800, 1200, 1600])
    expect(urlsOf('icone.png', 300, 100).map(([, files]) => files)).toEqual([
      ['/projetos/imagens/icone-300.avif 300×100'],
      ['/projetos/imagens/icone-300.png 300×100'],
    ])
  })

  it('offers a photograph (JPG) in AVIF, then JPEG, at each width', () => {
    expect(urlsOf('foto.jpg', 2000, 1000).map(([type, files]) => [type, files.at(-1)])).toEqual([
      ['image/avif', '/projetos/imagens/foto-1600.avif 1600×800'],
      ['image/jpeg', '/projetos/imagens/foto-1600.jpg 1600×800'],
    ])
  })

  it('names each width in srcset, and gives the largest PNG or JPEG as the fallback', () => {
    const [avif] = projectImageSets(image('tela.svg', 800, 500))
    expect(srcsetOf(avif?.files ?? [])).toBe(
      '/projetos/imagens/tela-480.avif 480w, /projetos/imagens/tela-800.avif 800w',
    )
    expect(largestProjectImage(image('tela.svg', 800, 500)).url).toBe(
      '/projetos/imagens/tela-800.png',
    )
    expect(largestProjectImage(image('foto.jpg', 2000, 1000)).url).toBe(
      '/projetos/imagens/foto-1600.jpg',
    )
  })
})
