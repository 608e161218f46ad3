/**
 * The header files for hosts that cannot run here, read as those hosts read them: Netlify and
 * Cloudflare Pages take `public/_headers` (copied into dist/), Vercel takes `vercel.json`, and
 * each rule whose pattern matches a path adds its headers. Each address of the built site must
 * get the Node server's site-wide headers, once each, and no policy header a 304 could replace.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { SITE_WIDE_HEADERS, STRICT_TRANSPORT_SECURITY } from '../../server/security-headers.ts'
import { ASSET_CACHE_CONTROL } from '../../server/static-site.ts'
import { siteFiles, sitePages } from '../support/site-addresses.ts'

interface Rule {
  matches: RegExp
  headers: [string, string][]
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/** `_headers`: a path line (`*` matches anything), then indented `Name: value` lines. */
const headersFileRules = (text: string): Rule[] => {
  const rules: Rule[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const pattern = escape(line.trim()).replaceAll('*', '.*')
      rules.push({ matches: new RegExp(`^${pattern}$`), headers: [] })
      continue
    }
    const colon = line.indexOf(':')
    rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

/** `vercel.json`'s headers; only the `(.*)` form of its patterns is used, and allowed here. */
const vercelRules = (text: string): Rule[] => {
  const config = JSON.parse(text) as {
    headers: { source: string; headers: { key: string; value: string }[] }[]
  }
  return config.headers.map(({ source, headers }) => {
    const pattern = escape(source.replaceAll('(.*)', '\u0000')).replaceAll('\u0000', '.*')
    if (/[:*]/.test(pattern.replaceAll('.*', ''))) throw new Error(`Unread pattern ${source}`)
    return {
      matches: new RegExp(`^${pattern}$`),
      headers: headers.map(({ key, value }) => [key, value] as [string, string]),
    }
  })
}

const hostFiles: [string, Rule[]][] = [
  [
    'public/_headers',
    headersFileRules(readFileSync(path.join(ROOT_DIR, 'public', '_headers'), 'utf8')),
  ],
  ['vercel.json', vercelRules(readFileSync(path.join(ROOT_DIR, 'vercel.json'), 'utf8'))],
]

const { pages, notFound } = sitePages()
const addresses = [
  ...pages.flatMap((page) => page.addresses),
  ...notFound.addresses,
  ...siteFiles(),
]

describe.each(hostFiles)('%s', (_file, rules) => {
  it.each(addresses)('gives %s the site-wide headers, once each', (address) => {
    const sent = rules.filter((rule) => rule.matches.test(address)).flatMap((rule) => rule.headers)
    const names = sent.map(([name]) => name.toLowerCase())
    // Cloudflare would join a header set by two matching rules with a comma.
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
    expect(Object.fromEntries(sent)).toEqual({
      ...SITE_WIDE_HEADERS,
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
      // Elsewhere the host's own, which revalidates every time (max-age=0, must-revalidate).
      ...(address.startsWith('/assets/') ? { 'Cache-Control': ASSET_CACHE_CONTROL } : {}),
    })
    // No Content-Security-Policy header: the page's <meta> is its policy on these hosts, and a
    // 304 can replace a header the browser kept, never the page it kept.
  })
})
