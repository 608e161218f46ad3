import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSettings } from '../../tests/support/test-app.ts'
import { createJsonLogger } from '../log.ts'
import { DEV_ANON_KEY } from '../settings.ts'
import { startServer } from '../start-server.ts'

/**
 * The data folder holds every lead (the database and, without SMTP_URL, each e-mail): through
 * the real server, nothing in it may be readable by another local user.
 */
let parent: string
let dataDir: string

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'data-folder-'))
  // Not there yet: the server creates it (and the folder above it).
  dataDir = path.join(parent, 'site', 'data')
})
afterAll(async () => {
  await rm(parent, { recursive: true, force: true })
})

const modeOf = async (target: string) => ((await stat(target)).mode & 0o777).toString(8)

const modes = async () => {
  const outbox = path.join(dataDir, 'outbox')
  const mails = (await readdir(outbox)).filter((name) => name.endsWith('.eml'))
  return {
    dataDir: await modeOf(dataDir),
    pglite: await modeOf(path.join(dataDir, 'pglite')),
    outbox: await modeOf(outbox),
    mails: [...new Set(await Promise.all(mails.map((name) => modeOf(path.join(outbox, name)))))],
  }
}

/** Starts the server, sends one lead through the form's two requests, and stops it. */
const runOnce = async (logLines: string[] = []) => {
  const server = await startServer(
    testSettings({ PORT: '0', DATA_DIR: dataDir }),
    createJsonLogger((line) => logLines.push(line)),
  )
  try {
    const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }
    const lead = JSON.stringify({
      name: 'Bia Reservada',
      email: `bia.${Date.now()}@example.com`,
      company: null,
      message: 'Meu telefone é 11 91234-5678.',
    })
    const insert = await fetch(`${server.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers,
      body: lead,
    })
    expect(insert.status).toBe(201)
    const mailed = await fetch(`${server.url}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers,
      body: lead,
    })
    expect(mailed.status).toBe(200)
    expect(await modeOf(path.join(dataDir, '.lock'))).toBe('600')
  } finally {
    await server.stop()
  }
  return logLines
}

describe('the data folder', () => {
  it('is created for its owner alone: folders 0700, the lock and the e-mails 0600', async () => {
    await runOnce()
    expect(await modes()).toEqual({ dataDir: '700', pglite: '700', outbox: '700', mails: ['600'] })
  })

  it('is closed at start when an earlier version left it open, saying what changed', async () => {
    // As the server left it before: every folder 0755, every e-mail 0644.
    for (const folder of [dataDir, path.join(dataDir, 'pglite'), path.join(dataDir, 'outbox')]) {
      await chmod(folder, 0o755)
    }
    const outbox = path.join(dataDir, 'outbox')
    for (const name of await readdir(outbox)) await chmod(path.join(outbox, name), 0o644)
    await writeFile(path.join(outbox, 'older.eml'), 'Reply-To: x@example.com\r\n\r\noi', {
      mode: 0o644,
    })

    const logLines = await runOnce()
    expect(await modes()).toEqual({ dataDir: '700', pglite: '700', outbox: '700', mails: ['600'] })
    const changes = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.event === 'data_folder_tightened')
      .map(({ path: where, was, now, files }) => ({ path: where, was, now, files }))
    expect(changes).toEqual([
      { path: dataDir, was: '755', now: '700', files: undefined },
      { path: path.join(dataDir, 'pglite'), was: '755', now: '700', files: undefined },
      { path: outbox, was: '755', now: '700', files: undefined },
      { path: `${outbox}/*.eml`, was: '644', now: '600', files: 2 },
    ])
  })
})
