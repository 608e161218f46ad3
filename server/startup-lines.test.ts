import { describe, expect, it } from 'vitest'
import { settingsFrom } from './settings.ts'
import { startupLines } from './startup-lines.ts'

const linesFor = (env: Record<string, string>) =>
  startupLines(settingsFrom({ DATA_DIR: '/srv/site', ...env }), 'http://127.0.0.1:8080')

const aboutTrustProxy = (lines: string[]) => lines.filter((line) => line.includes('TRUST_PROXY'))

describe('TRUST_PROXY at start', () => {
  it('warns, on stderr, when it is unset behind what must be a proxy (an https:// SITE_URL on a plain-HTTP server)', () => {
    const { info, warnings } = linesFor({ SITE_URL: 'https://www.exemplo.com.br' })
    expect(aboutTrustProxy(info)).toEqual([])
    const [warning] = aboutTrustProxy(warnings)
    expect(warning).toMatch(
      /^Warning: TRUST_PROXY is not set, yet SITE_URL is https:\/\/www\.exemplo\.com\.br/,
    )
    // What it means, and how to set it.
    expect(warning).toContain('one "unknown" visitor, so all of them share one budget')
    expect(warning).toContain('Set TRUST_PROXY=loopback for a proxy on this machine')
    expect(warning).toContain('docs/deploy.md')
  })

  it('says plainly what unset means otherwise, among the start-up lines', () => {
    for (const env of [{}, { SITE_URL: 'http://intranet.exemplo' }] as Record<string, string>[]) {
      const { info, warnings } = linesFor(env)
      expect(aboutTrustProxy(warnings)).toEqual([])
      expect(aboutTrustProxy(info)).toEqual([
        expect.stringMatching(
          /^Visitors count by the connection's address \(TRUST_PROXY is not set\)\. Behind a reverse proxy every visitor would count as the proxy, on this machine as one "unknown" visitor sharing one budget\. Set TRUST_PROXY=/,
        ),
      ])
    }
  })

  it.each(['loopback', '1', '10.0.0.5'])('says nothing of it once set (%s)', (value) => {
    const { info, warnings } = linesFor({
      TRUST_PROXY: value,
      SITE_URL: 'https://www.exemplo.com.br',
    })
    expect(aboutTrustProxy([...info, ...warnings])).toEqual([])
  })
})
