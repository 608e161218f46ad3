/**
 * Each setting is declared once (server/declared-settings/): `.env.example` and
 * docs/settings.md are written from the declaration, the parsers read its defaults and ranges,
 * and the database's defaults are the declared ones.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import { CONTACT_LIMIT_SETTINGS, type ContactLimitName } from '../db/contact-limits.ts'
import type { Database } from '../db/database.ts'
import { ROOT_DIR } from '../paths.ts'
import { parseTrustProxy } from '../proxy-trust.ts'
import { readSettings } from '../settings.ts'
import { namesTheServerReads, settingProblems } from '../settings-test-kit.ts'
import { DECLARED_SETTINGS, SETTING_GROUPS, VISITOR_LIMITS } from './index.ts'
import {
  ENV_EXAMPLE_PATH,
  renderEnvExample,
  renderSettingsDoc,
  SETTINGS_DOC_PATH,
} from './render.ts'

const committed = (file: string) => readFileSync(path.join(ROOT_DIR, file), 'utf8')
const RUN = 'is not what server/declared-settings/ declares: run `npm run settings:docs`'

/** The problems readSettings names for this one setting. */
const problemsOf = (name: string, text: string) =>
  settingProblems({ [name]: text }).filter((problem) => problem.startsWith(`${name} must`))

describe('the declared settings', () => {
  it('are the files .env.example and docs/settings.md', async () => {
    expect(committed(ENV_EXAMPLE_PATH), `${ENV_EXAMPLE_PATH} ${RUN}`).toBe(renderEnvExample())
    expect(committed(SETTINGS_DOC_PATH), `${SETTINGS_DOC_PATH} ${RUN}`).toBe(
      await renderSettingsDoc(),
    )
  })

  it('are exactly what the Node server reads, each once', () => {
    const declared = SETTING_GROUPS.flatMap((group) => Object.keys(group.settings))
    expect(declared.length).toBe(new Set(declared).size)
    expect([...declared].sort()).toEqual(namesTheServerReads())
  })

  it('take every whole number of their range and refuse the numbers around it', () => {
    const ranged = Object.entries(DECLARED_SETTINGS).flatMap(([name, { range }]) =>
      range ? [{ name, min: range[0], max: range[1] }] : [],
    )
    expect(ranged.length).toBeGreaterThan(30)
    for (const { name, min, max } of ranged) {
      expect(problemsOf(name, String(min)), `${name}=${min}`).toEqual([])
      expect(problemsOf(name, String(max)), `${name}=${max}`).toEqual([])
      for (const outside of [String(min - 1), String(max + 1)]) {
        const problems = problemsOf(name, outside)
        expect(problems, `${name}=${outside}`).toHaveLength(1)
        expect(problems[0]).toContain(`from ${min} to ${max} (got "${outside}")`)
      }
    }
  })

  it('give the server their defaults when unset', () => {
    const result = readSettings({})
    if (!result.ok) throw new Error(result.problems.join('\n'))
    const { settings } = result
    const fallback = (name: string) => DECLARED_SETTINGS[name]?.fallback
    expect(settings.port).toBe(fallback('PORT'))
    expect(settings.host).toBe(fallback('HOST'))
    expect(settings.dataDir).toBe(path.resolve(String(fallback('DATA_DIR'))))
    expect(settings.trustProxy).toEqual(parseTrustProxy(String(fallback('TRUST_PROXY'))))
    expect(settings.http).toEqual({
      headersTimeoutMs: fallback('HEADERS_TIMEOUT_MS'),
      requestTimeoutMs: fallback('REQUEST_TIMEOUT_MS'),
      keepAliveTimeoutMs: fallback('KEEP_ALIVE_TIMEOUT_MS'),
      maxConnectionsPerAddress: fallback('MAX_CONNECTIONS_PER_ADDRESS'),
      maxLoopbackConnections: fallback('MAX_LOOPBACK_CONNECTIONS'),
    })
    expect(settings.refusalsPerSecond).toBe(fallback('REFUSALS_PER_SECOND'))
    expect(settings.warmUpRequests).toBe(fallback('WARM_UP_REQUESTS'))
    expect([settings.backup.keep, settings.backup.hour]).toEqual([
      fallback('BACKUP_KEEP'),
      fallback('BACKUP_HOUR'),
    ])
    expect(settings.reply.weeklySummary).toBe(fallback('WEEKLY_SUMMARY'))
    expect([
      settings.mailSweepIntervalMs,
      settings.pipelineWatchIntervalMs,
      settings.backup.checkIntervalMs,
    ]).toEqual(
      ['MAIL_SWEEP_SECONDS', 'PIPELINE_WATCH_SECONDS', 'BACKUP_CHECK_SECONDS'].map(
        (name) => Number(fallback(name)) * 1000,
      ),
    )
  })
})

describe('the declared limits on what visitors may send', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db.close())

  it('have the defaults a new database holds', async () => {
    const { rows } = await db.query<Record<string, number>>(
      'select * from private.contact_settings',
    )
    const names = Object.keys(CONTACT_LIMIT_SETTINGS) as ContactLimitName[]
    expect(
      Object.fromEntries(names.map((name) => [name, rows[0]?.[CONTACT_LIMIT_SETTINGS[name]]])),
    ).toEqual(
      Object.fromEntries(names.map((name) => [name, VISITOR_LIMITS.settings[name].fallback])),
    )
  })
})
