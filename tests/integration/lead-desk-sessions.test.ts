/**
 * A lead desk session ends when the password changes, through the real server: on PGlite
 * across a restart, and on PostgreSQL for every server sharing the database, even those still
 * running with the old password (decision 025).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJsonLogger } from '../../server/log.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createDeskClient, type DeskClient } from '../support/desk-client.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { testSettings } from '../support/test-app.ts'

const OLD_PASSWORD = 'correto cavalo bateria grampo'
const NEW_PASSWORD = 'outra frase bem comprida 2027'

const running = new Set<RunningServer>()
const start = async (env: Record<string, string>, logLines: string[] = []) => {
  const settings = testSettings({ PORT: '0', ...env })
  const server = await startServer(
    { ...settings, desk: { ...settings.desk, loginAnswerMs: 50 } },
    createJsonLogger((line) => logLines.push(line)),
  )
  running.add(server)
  return server
}
const stop = async (server: RunningServer) => {
  running.delete(server)
  await server.stop()
}
afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop()))
})

/** A browser whose cookies outlive a server: each request goes to whichever server it names. */
const browser = () => {
  let target: RunningServer | undefined
  const client = createDeskClient((url, init) => {
    if (!target) throw new Error('No server chosen')
    return fetch(new URL(url, target.url), init)
  })
  return {
    client,
    on(server: RunningServer): DeskClient {
      target = server
      return client
    },
  }
}

/**
 * What /painel answers this browser's cookies: 200 signed in, else where it is sent. Asked with
 * a copy of them, since a refused session's cookie is deleted.
 */
const deskAnswer = async (desk: DeskClient, server: RunningServer) => {
  const copy = browser()
  for (const [name, value] of desk.cookies) copy.client.cookies.set(name, value)
  const response = await copy.on(server).request('/painel')
  return response.status === 200 ? 'signed in' : response.headers.get('location')
}

describe('on PGlite', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'desk-sessions-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps sessions across a restart with the same password, and ends them when it changes', async () => {
    const operator = browser()
    const first = await start({ DATA_DIR: dataDir, ADMIN_PASSWORD: OLD_PASSWORD })
    expect((await operator.on(first).signIn(OLD_PASSWORD)).status).toBe(303)
    await stop(first)

    const same = await start({ DATA_DIR: dataDir, ADMIN_PASSWORD: OLD_PASSWORD })
    expect(await deskAnswer(operator.client, same)).toBe('signed in')
    await stop(same)

    const logLines: string[] = []
    const changed = await start({ DATA_DIR: dataDir, ADMIN_PASSWORD: NEW_PASSWORD }, logLines)
    expect(await deskAnswer(operator.client, changed)).toBe('/painel/entrar?motivo=sessao')
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({
        event: 'desk_sessions_ended',
        reason: 'password_changed',
        sessions: 1,
      }),
    )
    expect((await operator.on(changed).signIn(OLD_PASSWORD)).status).toBe(401)
    expect((await operator.on(changed).signIn(NEW_PASSWORD)).status).toBe(303)
    // The database holds a fingerprint of the password's hash: not the hash, not the password.
    const { rows } = await changed.db.query<Record<string, string>>(
      'select fingerprint, plain_salt from private.desk_password',
    )
    expect(rows).toEqual([
      { fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), plain_salt: expect.any(String) },
    ])
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|cavalo|frase/)
    await stop(changed)
    // Three starts of a PGlite server, the first one creating its database.
  }, 120_000)
})

describe('on PostgreSQL, with several servers', () => {
  let postgres: PostgresDatabase
  beforeAll(async () => {
    postgres = await createPostgresDatabase()
  }, 120_000)
  afterAll(async () => {
    await Promise.all([...running].map((server) => stop(server)))
    await postgres?.stop()
  })

  it('ends every session made under the old password on every server, the old ones too', async () => {
    const old = { DATABASE_URL: postgres.url, ADMIN_PASSWORD: OLD_PASSWORD }
    const [a, b] = await Promise.all([start(old), start(old)])
    if (!a || !b) throw new Error('A server did not start')
    const operator = browser()
    expect((await operator.on(a).signIn(OLD_PASSWORD)).status).toBe(303)
    expect(await deskAnswer(operator.client, b)).toBe('signed in')

    // B restarts with the new password; A still runs with the old one.
    await stop(b)
    const renewed = await start({ DATABASE_URL: postgres.url, ADMIN_PASSWORD: NEW_PASSWORD })
    expect(await deskAnswer(operator.client, renewed)).toBe('/painel/entrar?motivo=sessao')
    expect(await deskAnswer(operator.client, a)).toBe('/painel/entrar?motivo=sessao')

    // A session made under the new password is not A's to accept while A has the old one…
    const colleague = browser()
    expect((await colleague.on(renewed).signIn(NEW_PASSWORD)).status).toBe(303)
    expect(await deskAnswer(colleague.client, a)).toBe('/painel/entrar?motivo=sessao')
    // …and once A restarts with it too, it is.
    await stop(a)
    const aRenewed = await start({ DATABASE_URL: postgres.url, ADMIN_PASSWORD: NEW_PASSWORD })
    expect(await deskAnswer(colleague.client, aRenewed)).toBe('signed in')
    expect(await deskAnswer(colleague.client, renewed)).toBe('signed in')
  })
})
