import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readSettings } from './settings.ts'

describe('HTTP limits in settings', () => {
  it('has defaults that keep a slow or greedy client from holding the server', () => {
    const result = readSettings({})
    expect(result.ok && result.settings.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnectionsPerAddress: 64,
      maxLoopbackConnections: 1_024,
    })
  })

  it('lists every invalid limit, and headers that may outlast the request', () => {
    const result = readSettings({
      HEADERS_TIMEOUT_MS: '40000',
      REQUEST_TIMEOUT_MS: '30000',
      KEEP_ALIVE_TIMEOUT_MS: '0',
      MAX_CONNECTIONS_PER_ADDRESS: 'many',
      MAX_LOOPBACK_CONNECTIONS: '-1',
    })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems).toEqual([
      'KEEP_ALIVE_TIMEOUT_MS must be a whole number from 1 to 2147483647 (got "0").',
      'MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 1 to 9007199254740991 (got "many").',
      'MAX_LOOPBACK_CONNECTIONS must be a whole number from 1 to 9007199254740991 (got "-1").',
      'HEADERS_TIMEOUT_MS (40000) must not exceed REQUEST_TIMEOUT_MS (30000): the headers are part of the request.',
    ])
  })
})

describe('REFUSALS_PER_SECOND', () => {
  it('answers a refused caller 20 times a second at most by default, takes 0 for no limit, and refuses the rest', () => {
    const unset = readSettings({})
    expect(unset.ok && unset.settings.refusalsPerSecond).toBe(20)
    const none = readSettings({ REFUSALS_PER_SECOND: '0' })
    expect(none.ok && none.settings.refusalsPerSecond).toBe(0)
    for (const bad of ['-1', '1.5', 'many', '1000000']) {
      const result = readSettings({ REFUSALS_PER_SECOND: bad })
      expect(!result.ok && result.problems).toEqual([
        `REFUSALS_PER_SECOND must be a whole number from 0 to 999999 (got "${bad}").`,
      ])
    }
  })
})

describe('MAIL_SWEEP_SECRET', () => {
  it('is optional, and refused when short enough to guess or unfit for a header', () => {
    const secret = 'a'.repeat(31)
    const unset = readSettings({})
    expect(unset.ok && unset.settings.mailSweepSecret).toBe(undefined)
    const good = readSettings({ MAIL_SWEEP_SECRET: `${secret}b` })
    expect(good.ok && good.settings.mailSweepSecret).toBe(`${secret}b`)
    for (const bad of [secret, `${secret} b`, `${secret}é`]) {
      const result = readSettings({ MAIL_SWEEP_SECRET: bad })
      expect(!result.ok && result.problems).toEqual([
        'MAIL_SWEEP_SECRET must be 32 to 1024 printable ASCII characters without spaces (e.g. `openssl rand -hex 32`).',
      ])
    }
  })
})

describe('the documented settings', () => {
  /** Every name readSettings looks up, found by watching it read an empty environment. */
  const namesTheServerReads = () => {
    const read = new Set<string>()
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      { get: (_target, name) => (typeof name === 'string' && read.add(name), undefined) },
    )
    readSettings(env)
    return [...read].sort()
  }
  const readmeNames = (text: string) =>
    new Set([...text.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]))

  it('are exactly what the server reads, in .env.example and in the README tables', () => {
    const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
    const exampleNames = [...envExample.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1])
    const readme = readmeNames(readFileSync(new URL('../README.md', import.meta.url), 'utf8'))
    const names = namesTheServerReads()
    expect(names.length).toBeGreaterThan(15)
    expect([...exampleNames].sort()).toEqual(names)
    expect(names.filter((name) => !readme.has(name))).toEqual([])
  })
})
