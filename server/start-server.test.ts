import { request } from 'node:http'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSettings } from '../tests/support/test-app.ts'
import { company } from '#shared/company/company.ts'
import { DEV_ANON_KEY } from './settings.ts'
import { startServer, type RunningServer } from './start-server.ts'

let dataDir: string
let server: RunningServer

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'start-server-'))
  server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
})
afterAll(async () => {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }
const message = { name: 'Bia', email: 'bia@example.com', company: null, message: 'Olá <b>time</b>' }

describe('startServer without SMTP_URL', () => {
  it('writes the e-mail to the outbox as an .eml file', async () => {
    const insert = await fetch(`${server.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
    })
    expect(insert.status).toBe(201)
    const invoke = await fetch(`${server.url}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
    })
    expect(invoke.status).toBe(200)
    const outbox = path.join(dataDir, 'outbox')
    const [file] = await readdir(outbox)
    const raw = await readFile(path.join(outbox, file ?? ''), 'utf8')
    expect(raw.split('\r\n')).toContain(`To: ${company.inbox}`)
    expect(raw).toMatch(/^Reply-To: Bia <bia@example\.com>$/m)
    expect(raw).toContain('&lt;b&gt;time&lt;/b&gt;')
  })

  it('lets a request in flight finish on stop(), then frees the data folder', async () => {
    const body = JSON.stringify({ ...message, email: 'slow@example.com' })
    const { port } = new URL(server.url)
    const status = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/rest/v1/contact_submissions', headers },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.once('error', reject)
      req.setHeader('content-length', Buffer.byteLength(body))
      // Half the body now, the rest after stop() has begun.
      req.write(body.slice(0, 10))
      setTimeout(() => req.end(body.slice(10)), 300)
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const rows = async () =>
      (
        await server.db.query('select 1 from contact_submissions where email = $1', [
          'slow@example.com',
        ])
      ).rows
    const stopped = (async () => {
      // Read the stored row before the database closes, as soon as the request completes.
      const code = await status
      const stored = await rows()
      return { code, stored }
    })()
    const stop = server.stop()
    const { code, stored } = await stopped
    await stop
    expect(code).toBe(201)
    expect(stored).toHaveLength(1)
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false)
  })
})
