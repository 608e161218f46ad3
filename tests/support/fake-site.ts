import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const FAKE_ASSET_PATH = '/assets/app-3f9a1c.js'
export const FAKE_INDEX_TEXT = 'Transformamos ideias em código'
export const FAKE_404_TEXT = 'Oops! Page not found'
/** The policy the fake pages carry in a <meta>, as the build writes one into each page. */
export const FAKE_PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-fake'"

/** A stand-in for dist/: the shape `npm run build` produces, with recognisable content. */
export const createFakeSite = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-dist-'))
  await mkdir(path.join(dir, 'assets'))
  const page = (text: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${FAKE_PAGE_POLICY}"><title>${text}</title></head><body><main><h1>${text}</h1>${'<p>conteúdo</p>'.repeat(100)}</main></body></html>`
  await writeFile(path.join(dir, 'index.html'), page(FAKE_INDEX_TEXT))
  await writeFile(path.join(dir, '404.html'), page(FAKE_404_TEXT))
  await writeFile(
    path.join(dir, FAKE_ASSET_PATH),
    `console.log(${JSON.stringify('x'.repeat(2000))})`,
  )
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
