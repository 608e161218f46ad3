import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createFakeSite,
  FAKE_404_TEXT,
  FAKE_ASSET_PATH,
  FAKE_INDEX_TEXT,
  FAKE_PAGE_POLICY,
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

  it("answers a matching ETag with 304 and every header of the 200 but the body's", async () => {
    const first = await app.request('/')
    const again = await app.request('/', {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
    // The browser applies these to the page it kept: its own policy above all.
    const bodyFields = ['content-type', 'content-length']
    const expected = [...first.headers].filter(([name]) => !bodyFields.includes(name))
    expect([...again.headers]).toEqual(expected)
    expect(again.headers.get('content-security-policy')).toBe(
      `${FAKE_PAGE_POLICY}; frame-ancestors 'none'`,
    )
  })

  it.each([
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['GZIP, BR', 'br'],
    ['*', 'br'],
    ['*;q=0, identity', null],
    ['identity', null],
    ['x-gzip', 'gzip'],
  ])('answers Accept-Encoding "%s" with %s', async (accepted, coding) => {
    const res = await app.request(FAKE_ASSET_PATH, { headers: { 'accept-encoding': accepted } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(coding)
  })

  it('gives a 304 only for the tag of the representation it would send', async () => {
    const brotli = await app.request('/', { headers: { 'accept-encoding': 'br' } })
    const tag = brotli.headers.get('etag') ?? ''
    const again = await app.request('/', {
      headers: { 'accept-encoding': 'br', 'if-none-match': `"a", W/${tag}, "b"` },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('content-type')).toBeNull()
    const gzip = await app.request('/', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': tag },
    })
    expect(gzip.status).toBe(200)
  })

  it('answers other methods on a page with 405 and Allow, and OPTIONS with 204', async () => {
    const post = await app.request('/', { method: 'POST', body: 'a=1' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    const options = await app.request('/robots.txt', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  it.each(['/404', '/404.html', '/404/', '/%34%30%34'])(
    'never serves the 404 page with 200, even as %s',
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request(path, { method })
        expect(res.status).toBe(404)
        expect(res.headers.get('etag')).toBeNull()
      }
    },
  )

  it.each(['/nope', '/assets/missing.js', '/%E0%A4%A', '/../package.json'])(
    'answers %s with the 404 page and a real 404 status',
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain(FAKE_404_TEXT)
    },
  )
})
