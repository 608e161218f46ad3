// What each page downloads before the visitor does anything, and what loads on first use of the
// form, in gzip bytes (level 9), from the built dist/. Deterministic: no runs to average.
// Run: npm run bench:size (after a build)
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { pageRoutes } from '../src/routes.ts'

const dist = path.resolve('dist')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length
const brotli = (data: Buffer | string) => brotliCompressSync(data).length

async function sizeOf(files: string[]) {
  const contents = await Promise.all(files.map((f) => readFile(path.join(dist, f))))
  return {
    gzip: contents.reduce((n, c) => n + gzip(c), 0),
    raw: contents.reduce((n, c) => n + c.length, 0),
  }
}

const upFront = new Set<string>()
for (const page of pageRoutes.map((route) => route.file)) {
  const html = await readFile(path.join(dist, page), 'utf8')
  const referenced = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '')
  // The page's loader names the page script and the chunks it imports.
  const scripts = referenced(/data-page-script="([^"]+)"/g).flatMap((files) => files.split(' '))
  const stylesheets = referenced(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)
  for (const script of scripts) upFront.add(path.basename(script))
  const js = await sizeOf(scripts)
  const css = await sizeOf(stylesheets)
  console.log(`${page}`)
  console.log(
    `  HTML (CSS inlined)          ${kb(Buffer.byteLength(html))} raw, ${kb(gzip(html))} gzip, ${kb(brotli(html))} brotli` +
      (stylesheets.length ? `; linked CSS ${kb(css.gzip)} gzip` : '; no linked CSS') +
      '   (budget 14 KB gzip)',
  )
  console.log(
    `  script before interaction   ${kb(js.raw)} raw, ${kb(js.gzip)} gzip in ${scripts.length} file(s)   (budget 10 KB gzip)`,
  )
}

const onDemand = (await readdir(path.join(dist, 'assets'))).filter(
  (f) => f.endsWith('.js') && !upFront.has(f),
)
const lazy = await sizeOf(onDemand.map((f) => path.join('assets', f)))
console.log(`loaded on first use of the form: ${kb(lazy.gzip)} gzip in ${onDemand.length} file(s)`)
for (const file of onDemand) {
  const data = await readFile(path.join(dist, 'assets', file))
  console.log(`  ${file.padEnd(40)} ${kb(data.length)} raw, ${kb(gzip(data))} gzip`)
}
