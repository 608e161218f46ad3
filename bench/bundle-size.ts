// What a first visit downloads before the page is usable, in gzip bytes, from the built dist/.
// Run: npm run bench:size (after a build)
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

const dist = path.resolve('dist')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length
const brotli = (data: Buffer | string) => brotliCompressSync(data).length

const html = await readFile(path.join(dist, 'index.html'), 'utf8')
const referenced = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '')
const criticalJs = [
  ...referenced(/<script[^>]+src="([^"]+\.js)"/g),
  // The entry started after the first paint (scripts/prerender.ts) is still on the critical path.
  ...referenced(/import\("([^"]+\.js)"\)/g),
  ...referenced(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
]
const stylesheets = referenced(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)

const sizeOf = async (files: string[]) => {
  const contents = await Promise.all(files.map((f) => readFile(path.join(dist, f))))
  return {
    gzip: contents.reduce((n, c) => n + gzip(c), 0),
    raw: contents.reduce((n, c) => n + c.length, 0),
  }
}

const js = await sizeOf(criticalJs)
const css = await sizeOf(stylesheets)
const assets = await readdir(path.join(dist, 'assets'))
const lazyJs = assets.filter((f) => f.endsWith('.js') && !criticalJs.some((c) => c.endsWith(f)))

console.log(
  `HTML (inline CSS included)   ${kb(Buffer.byteLength(html))} raw, ${kb(gzip(html))} gzip, ${kb(brotli(html))} brotli`,
)
console.log(`HTML + linked CSS            ${kb(gzip(html) + css.gzip)} gzip   (budget 14 KB)`)
console.log(
  `Critical-path JS (${criticalJs.length} files)   ${kb(js.raw)} raw, ${kb(js.gzip)} gzip   (budget 90 KB)`,
)
for (const file of lazyJs) {
  const data = await readFile(path.join(dist, 'assets', file))
  console.log(`  on demand: ${file.padEnd(34)} ${kb(gzip(data))} gzip`)
}
