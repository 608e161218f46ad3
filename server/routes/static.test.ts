import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createFakeSite,
  FAKE_404_TEXT,
  FAKE_ASSET_PATH,
  FAKE_INDEX_TEXT,
} from '../../tests/support/fake-site.ts'
import { createTestApp } from '../../tests/support/test-app.ts'
import type { createApp } from '../app.ts'
import type { Database } from '../db/database.ts'
import { loadStaticSite } from '../static-site.ts'

// Static files never touch the database; any use of it here is a bug.
const noDatabase = new Proxy({} as Database, {
  get: () => () => Promise.reject(new Error('the database must not be used')),
})

let app: ReturnType<typeof createApp>
let remove: () => Promise<void>

beforeAll(async () => {
  const site = await createFakeSite()
  remove = site.remove
  app = createTestApp(noDatabase, { site: await loadStaticSite(site.dir) })
})
afterAll(() => remove())

describe('static site', () => {
  it('serves the prerendered home page, revalidated on every visit, with security headers', async () => {
    const res = await app.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain(FAKE_INDEX_TEXT)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('caches hashed assets for a year and serves them brotli-compressed when asked', async () => {
    const res = await app.request(FAKE_ASSET_PATH, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('br')
    const body = Buffer.from(await res.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).toContain('console.log')
  })

  it('answers a matching ETag with 304', async () => {
    const first = await app.request('/')
    const again = await app.request('/', {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it.each(['/nope', '/assets/missing.js', '/%E0%A4%A', '/../package.json'])(
    'answers %s with the 404 page and a real 404 status',
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain(FAKE_404_TEXT)
    },
  )
})
