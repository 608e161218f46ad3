import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib'
import { NON_PAGE_POLICY, pagePolicyHeader } from './security-headers.ts'

/** One stored form of a file: its bytes and the strong ETag of exactly those bytes. */
export interface Representation {
  body: Buffer
  etag: string
}

/**
 * A file and its compressed variants. Each variant is a representation of its own (RFC 9110
 * §8.8.3): a cache holding the brotli bytes must never be told they match the gzip ones.
 */
export interface StaticFile {
  identity: Representation
  gzip?: Representation
  brotli?: Representation
  contentType: string
  /**
   * What every answer for this file carries, decided once from what the file is: its 200,
   * its 304, a HEAD, each encoding, and the 404 page's answers alike. A browser applies the
   * headers of a 304 to the copy it kept (RFC 9111 §4.3.4), so none of these may differ.
   */
  headers: Record<string, string>
}

/** The built site held in memory, keyed by URL path ("/index.html", "/assets/app-1a2b.js"). */
export type StaticSite = Map<string, StaticFile>

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/

const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/

/** Hashed file names change whenever their content does, so they may be cached for good. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Everything else is revalidated (cheaply, by ETag) so a new deploy shows at once. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache'

const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? ASSET_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL

/**
 * A page runs under the policy the build wrote into it (adding frame-ancestors, which a
 * <meta> cannot carry); anything else, an HTML file without one included, under none.
 */
const policyFor = (contentType: string, body: Buffer) => {
  const own = contentType.startsWith('text/html')
    ? POLICY_META.exec(body.toString('utf8'))?.[1]
    : undefined
  return own ? pagePolicyHeader(own) : NON_PAGE_POLICY
}

interface CompressedForms {
  brotli: Buffer
  gzip: Buffer
}

/** Maximum-quality brotli and gzip: done once per file, never per response. */
const compress = (body: Buffer): CompressedForms => ({
  brotli: brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }),
  gzip: gzipSync(body, { level: 9 }),
})

const isCompressible = (contentType: string, body: Buffer) =>
  COMPRESSIBLE.test(contentType) && body.length > 256

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest()

/** Where a file's compressed forms are kept: named by the SHA-256 of the bytes they hold. */
const formFiles = (dir: string, digest: Buffer) => {
  const name = digest.toString('hex')
  return { brotli: path.join(dir, `${name}.br`), gzip: path.join(dir, `${name}.gz`) }
}

/**
 * A file's compressed forms as the build kept them, if both are there and both open to exactly
 * its bytes (a form cut short or left from another file is never served); else undefined.
 */
const keptForms = async (
  dir: string,
  body: Buffer,
  digest: Buffer,
): Promise<CompressedForms | undefined> => {
  const files = formFiles(dir, digest)
  try {
    const forms = { brotli: await readFile(files.brotli), gzip: await readFile(files.gzip) }
    const intact =
      brotliDecompressSync(forms.brotli).equals(body) && gunzipSync(forms.gzip).equals(body)
    return intact ? forms : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads the whole build once at start, with each text file's compressed forms: the site is a
 * few hundred KB, and maximum-quality brotli per response would cost far more CPU than it
 * saves. The build keeps those forms in `compressedDir` (writeCompressedForms), so a start
 * only checks them; without them (another folder, a file changed since) it compresses, about
 * 1.5 s of CPU for this site.
 */
export const loadStaticSite = async (
  distDir: string,
  compressedDir?: string,
): Promise<StaticSite> => {
  const site: StaticSite = new Map()
  for (const file of await listFiles(distDir)) {
    const body = await readFile(file)
    const contentType =
      CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
    const digest = sha256(body)
    const hash = digest.toString('base64url').slice(0, 22)
    const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`
    const entry: StaticFile = {
      identity: { body, etag: `"${hash}"` },
      contentType,
      headers: {
        'Cache-Control': cacheControlFor(urlPath),
        'Content-Security-Policy': policyFor(contentType, body),
        Vary: 'Accept-Encoding',
      },
    }
    if (isCompressible(contentType, body)) {
      const { brotli, gzip } =
        (compressedDir ? await keptForms(compressedDir, body, digest) : undefined) ?? compress(body)
      if (brotli.length < body.length) entry.brotli = { body: brotli, etag: `"${hash}-br"` }
      if (gzip.length < body.length) entry.gzip = { body: gzip, etag: `"${hash}-gzip"` }
    }
    site.set(urlPath, entry)
  }
  return site
}

/**
 * The build's half of loadStaticSite: every text file's compressed forms, written once into
 * `compressedDir` (beside the server, never in dist/, which static hosts serve as it is).
 */
export const writeCompressedForms = async (distDir: string, compressedDir: string) => {
  await mkdir(compressedDir, { recursive: true })
  for (const file of await listFiles(distDir)) {
    const body = await readFile(file)
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? ''
    if (!isCompressible(contentType, body)) continue
    const forms = compress(body)
    const files = formFiles(compressedDir, sha256(body))
    for (const kind of ['brotli', 'gzip'] as const) {
      // Written whole, then renamed: a start never reads half a file.
      await writeFile(`${files[kind]}.part`, forms[kind])
      await rename(`${files[kind]}.part`, files[kind])
    }
  }
}
