import {
  largestProjectImage,
  projectImageFiles,
  projectImageSource,
  srcsetOf,
} from './project-image-files.ts'

const image = (file: string, width: number, height: number) => ({ file, alt: 'x', width, height })

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

  it('writes a drawing or a PNG at each width up to its own, as PNG, heights kept in proportion', () => {
    expect(projectImageFiles(image('tela.svg', 1200, 750))).toEqual({
      type: 'image/png',
      files: [
        { url: '/projetos/imagens/tela-480.png', width: 480, height: 300 },
        { url: '/projetos/imagens/tela-800.png', width: 800, height: 500 },
        { url: '/projetos/imagens/tela-1200.png', width: 1200, height: 750 },
      ],
    })
    // A retina screenshot: never wider than the widest the page offers.
    expect(projectImageFiles(image('tela.png', 2880, 1800)).files.map((f) => f.width)).toEqual([
      480, 800, 1200, 1600,
    ])
    expect(projectImageFiles(image('icone.png', 300, 100)).files).toEqual([
      { url: '/projetos/imagens/icone-300.png', width: 300, height: 100 },
    ])
  })

  it('serves a JPG at its own size, which no installed tool can write smaller', () => {
    expect(projectImageFiles(image('foto.jpg', 2000, 1000))).toEqual({
      type: 'image/jpeg',
      files: [{ url: '/projetos/imagens/foto-2000.jpg', width: 2000, height: 1000 }],
    })
  })

  it('names each width in srcset and falls back to the largest', () => {
    const { files } = projectImageFiles(image('tela.svg', 800, 500))
    expect(srcsetOf(files)).toBe(
      '/projetos/imagens/tela-480.png 480w, /projetos/imagens/tela-800.png 800w',
    )
    expect(largestProjectImage(image('tela.svg', 800, 500)).url).toBe(
      '/projetos/imagens/tela-800.png',
    )
  })
})
