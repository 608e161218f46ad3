/**
 * deploy/nginx/ under Debian's nginx, as written: only the addresses it listens on, the
 * certificate, the site's folder and the upstream's port are swapped for this run's. The
 * static site must answer as the Node server does (every header on every status, the 404 page
 * never with 200), and the reverse proxy must pass the Node server's answers through untouched.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIST_DIR, ROOT_DIR } from '../../server/paths.ts'
import { SITE_WIDE_HEADERS, STRICT_TRANSPORT_SECURITY } from '../../server/security-headers.ts'
import { DEV_ANON_KEY, settingsFrom } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { ASSET_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../server/static-site.ts'
import { freePort } from '../support/free-port.ts'
import { ask, differences, headerMismatches, sameAnswerMismatches } from '../support/header-sets.ts'
import { prepareNginx, type RunningNginx } from '../support/nginx.ts'
import { siteFiles, sitePages } from '../support/site-addresses.ts'

const { pages, notFound } = sitePages()
const files = siteFiles()

/** `text` with each of `swaps` made exactly once, so a changed file fails here, not silently. */
const swapped = (text: string, swaps: [string, string][]) =>
  swaps.reduce((result, [from, to]) => {
    const count = result.split(from).length - 1
    if (count !== 1) throw new Error(`Expected "${from}" once in the nginx file, found ${count}`)
    return result.replace(from, to)
  }, text)

const hostFile = (name: string) => readFile(path.join(ROOT_DIR, 'deploy', 'nginx', name), 'utf8')

/** What the Node server sends with every file over HTTPS, names as they arrive. */
const SECURITY_HEADERS = Object.fromEntries(
  Object.entries({
    ...SITE_WIDE_HEADERS,
    'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
  }).map(([name, value]) => [name.toLowerCase(), value]),
)

const running: RunningNginx[] = []
let node: RunningServer | undefined
let dataDir: string | undefined
let staticSite: string
let staticRedirect: string
let proxy: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nginx-upstream-'))
  node = await startServer(
    settingsFrom(
      {
        PORT: '0',
        DATA_DIR: dataDir,
        TRUST_PROXY: 'loopback',
        // The lead desk too, for the bookings feed's own location.
        ADMIN_PASSWORD: 'correto cavalo bateria grampo',
      },
      { mailSweepIntervalMs: false, warmUpRequests: 0 },
    ),
  )
  const upstream = new URL(node.url).host

  const [https, http, proxyHttps, proxyHttp] = await Promise.all([1, 2, 3, 4].map(freePort))
  const staticNginx = await prepareNginx()
  running.push(staticNginx)
  await staticNginx.start(
    swapped(await hostFile('static-site.conf'), [
      ['listen 443 ssl http2;', `listen 127.0.0.1:${https} ssl http2;`],
      ['listen [::]:443 ssl http2;', ''],
      ['listen 80;', `listen 127.0.0.1:${http};`],
      ['listen [::]:80;', ''],
      ['/etc/letsencrypt/live/www.example.com.br/fullchain.pem', staticNginx.certificate],
      ['/etc/letsencrypt/live/www.example.com.br/privkey.pem', staticNginx.key],
      ['root /var/www/site/dist;', `root ${DIST_DIR};`],
    ]),
    [https ?? 0, http ?? 0],
  )
  staticSite = `https://127.0.0.1:${https}`
  staticRedirect = `http://127.0.0.1:${http}`

  const proxyNginx = await prepareNginx()
  running.push(proxyNginx)
  await proxyNginx.start(
    swapped(await hostFile('reverse-proxy.conf'), [
      ['server 127.0.0.1:8081 ', `server ${upstream} `],
      ['server 127.0.0.1:8082 ', `server ${upstream} `],
      ['listen 443 ssl http2;', `listen 127.0.0.1:${proxyHttps} ssl http2;`],
      ['listen [::]:443 ssl http2;', ''],
      ['listen 80;', `listen 127.0.0.1:${proxyHttp};`],
      ['listen [::]:80;', ''],
      ['/etc/letsencrypt/live/www.example.com.br/fullchain.pem', proxyNginx.certificate],
      ['/etc/letsencrypt/live/www.example.com.br/privkey.pem', proxyNginx.key],
    ]),
    [proxyHttps ?? 0, proxyHttp ?? 0],
  )
  proxy = `https://127.0.0.1:${proxyHttps}`
})
afterAll(async () => {
  await Promise.all(running.map((nginx) => nginx.stop()))
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('deploy/nginx/static-site.conf', () => {
  it('sends every header with every page, at every address, on its 200, 304 and HEAD alike', async () => {
    for (const page of pages) {
      for (const address of page.addresses) {
        const url = `${staticSite}${address}`
        expect(await headerMismatches(url)).toEqual([])
        expect(await sameAnswerMismatches(`${staticSite}${page.addresses[0]}`, url)).toEqual([])
        const { status, headers } = await ask(url, 'GET', { 'accept-encoding': 'gzip' })
        expect(status, address).toBe(200)
        expect(headers, address).toMatchObject({
          ...SECURITY_HEADERS,
          'cache-control': REVALIDATE_CACHE_CONTROL,
        })
      }
    }
  })

  it('answers unknown paths and the 404 page under any name of its own with status 404, fully protected', async () => {
    for (const address of notFound.addresses) {
      const url = `${staticSite}${address}`
      expect(await headerMismatches(url)).toEqual([])
      const { status, headers } = await ask(url)
      expect(status, address).toBe(404)
      expect(headers, address).toMatchObject({
        ...SECURITY_HEADERS,
        'cache-control': REVALIDATE_CACHE_CONTROL,
      })
    }
  })

  it('caches hashed assets for a year and revalidates every other file, with the same headers', async () => {
    for (const file of files) {
      const url = `${staticSite}${file}`
      expect(await headerMismatches(url)).toEqual([])
      const { status, headers } = await ask(url)
      expect(status, file).toBe(200)
      expect(headers, file).toMatchObject({
        ...SECURITY_HEADERS,
        'cache-control': file.startsWith('/assets/')
          ? ASSET_CACHE_CONTROL
          : REVALIDATE_CACHE_CONTROL,
      })
    }
  })

  it('sends visitors who came over plain HTTP to HTTPS', async () => {
    const { status, headers } = await ask(`${staticRedirect}/privacidade`, 'GET', {
      host: 'www.example.com.br',
    })
    expect(status).toBe(301)
    expect(headers.location).toBe('https://www.example.com.br/privacidade')
  })
})

describe('deploy/nginx/reverse-proxy.conf', () => {
  it("passes the Node server's answers through as they are, 304s and HEADs included, adding HSTS", async () => {
    const key = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` }
    const asked: [string, Record<string, string>][] = [
      ...pages.map((page) => [page.route.url, {}] as [string, Record<string, string>]),
      [notFound.addresses[0] ?? '', {}],
      [files.find((file) => file.startsWith('/assets/')) ?? '', {}],
      ['/rest/v1/contact_submissions', key],
    ]
    for (const [address, headers] of asked) {
      const proxied = `${proxy}${address}`
      expect(await headerMismatches(proxied, { headers, distinctStrongEtags: true })).toEqual([])
      const codings: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'gzip' },
      ]
      for (const coding of codings) {
        const through = await ask(proxied, 'GET', { ...headers, ...coding })
        const direct = await ask(`${node?.url}${address}`, 'GET', { ...headers, ...coding })
        const label = `${address} ${JSON.stringify(coding)}`
        expect(through.headers['strict-transport-security'], label).toBe(STRICT_TRANSPORT_SECURITY)
        expect(
          differences(direct, through, { ignored: ['server', 'strict-transport-security'] }),
          label,
        ).toEqual([])
      }
    }
  })

  it('passes the bookings feed through its own unlogged location as it is', async () => {
    const { rows } = await (node?.db ?? fail()).query<{ token: string }>(
      'select private.new_booking_feed_token() as token',
    )
    const address = `/painel/agenda.ics?chave=${rows[0]?.token ?? ''}`
    const through = await ask(`${proxy}${address}`)
    const direct = await ask(`${node?.url}${address}`)
    expect(through.status).toBe(200)
    expect(through.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(through.headers['cache-control']).toBe('private, no-store')
    expect(through.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY)
    expect(
      differences(direct, through, { ignored: ['server', 'strict-transport-security'] }),
    ).toEqual([])
  })
})

const fail = (): never => {
  throw new Error('The Node server did not start')
}
