import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createFakeSite, FAKE_404_TEXT, FAKE_INDEX_TEXT } from '../support/fake-site.ts'
import { freePort } from '../support/free-port.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { openRawConnection, rawRequest, type RawResponse } from '../support/raw-http.ts'
import { testSettings } from '../support/test-app.ts'

const REST = '/rest/v1/contact_submissions'
const FUNCTION = '/functions/v1/send-contact-email'
const json = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }

let sequence = 0
const newMessage = () => {
  sequence += 1
  return {
    name: `Resposta ${sequence}`,
    email: `resposta${sequence}@example.com`,
    company: null,
    message: `Mensagem ${sequence}`,
  }
}

const rowsFor = async (server: RunningServer, email: string) =>
  (await server.db.query('select 1 from contact_submissions where email = $1', [email])).rows.length

/** One request on its own connection, nothing decoded or added (fetch adds Accept-Encoding). */
const send = async (
  server: RunningServer,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> => {
  const connection = await openRawConnection(server.url)
  try {
    await connection.write(rawRequest(method, target, headers, body))
    return await connection.response({ head: method === 'HEAD' })
  } finally {
    connection.close()
  }
}

describe('on PGlite, with the site', () => {
  let server: RunningServer
  let cleanUp: () => Promise<void>

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'http-answers-'))
    const site = await createFakeSite()
    server = await startServer(
      testSettings({ PORT: '0', DATA_DIR: dataDir }, { distDir: site.dir }),
    )
    cleanUp = async () => {
      await server.stop()
      await site.remove()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
  afterAll(() => cleanUp())

  describe('no internal details in answers', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

    it('refuses 5 000 nested objects in a field with a PostgREST 400, storing nothing', async () => {
      const row = newMessage()
      const body = JSON.stringify({ ...row, company: 'X' }).replace('"X"', nested(5_000))
      expect(body.length).toBeGreaterThan(30_000)
      const res = await send(server, 'POST', REST, json, body)
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body)).toEqual({
        code: 'PGRST102',
        details: 'Arrays and objects may nest at most 32 levels deep.',
        hint: null,
        message: 'Empty or invalid json',
      })
      expect(await rowsFor(server, row.email)).toBe(0)
    })

    it('refuses deep arrays too, and the function refuses them as invalid JSON', async () => {
      const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
      expect((await send(server, 'POST', REST, json, deepArray)).status).toBe(400)
      const res = await send(server, 'POST', FUNCTION, json, nested(5_000))
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
      })
    })

    it('refuses a shallow object where text belongs (PostgREST would coerce it)', async () => {
      const row = { ...newMessage(), company: { a: { b: 1 } } }
      expect((await send(server, 'POST', REST, json, JSON.stringify(row))).status).toBe(400)
      expect(await rowsFor(server, row.email)).toBe(0)
    })
  })

  describe('media types and content codings of request bodies', () => {
    it.each([
      'APPLICATION/JSON',
      'application/json; charset=utf-8',
      'Application/Json;Charset=UTF-8',
    ])('accepts Content-Type %s and stores the row', async (type) => {
      const row = newMessage()
      const res = await send(
        server,
        'POST',
        REST,
        { ...json, 'content-type': type },
        JSON.stringify(row),
      )
      expect(res.status).toBe(201)
      expect(await rowsFor(server, row.email)).toBe(1)
    })

    it.each(['identity', 'IDENTITY', 'identity, identity', ''])(
      'reads a body with Content-Encoding "%s" as plain JSON',
      async (coding) => {
        const row = newMessage()
        const res = await send(
          server,
          'POST',
          REST,
          { ...json, 'content-encoding': coding },
          JSON.stringify(row),
        )
        expect(res.status).toBe(201)
        expect(await rowsFor(server, row.email)).toBe(1)
      },
    )

    it.each([
      ['gzip', 'gzip', (text: string) => gzipSync(text).toString('latin1')],
      ['GZIP', 'gzip', (text: string) => gzipSync(text).toString('latin1')],
      ['br', 'br', (text: string) => text],
      ['deflate', 'deflate', (text: string) => text],
      ['gzip, identity', 'gzip', (text: string) => gzipSync(text).toString('latin1')],
    ])(
      'refuses Content-Encoding %s with 415, naming what it accepts, and stores nothing',
      async (coding, named, encode) => {
        const row = newMessage()
        const connection = await openRawConnection(server.url)
        const body = Buffer.from(encode(JSON.stringify(row)), 'latin1')
        const head = rawRequest('POST', REST, {
          ...json,
          'content-encoding': coding,
          'content-length': String(body.length),
        })
        await connection.write(Buffer.concat([Buffer.from(head, 'latin1'), body]))
        const res = await connection.response()
        connection.close()
        expect(res.status).toBe(415)
        expect(res.headers['accept-encoding']).toBe('identity')
        expect(JSON.parse(res.body)).toEqual({
          code: 'PGRST107',
          details: null,
          hint: 'Send the body uncompressed: supabase-js never compresses it.',
          message: `Content-Encoding not supported: ${named}`,
        })
        expect(await rowsFor(server, row.email)).toBe(0)
      },
    )

    it('applies the same rule to the function', async () => {
      const body = JSON.stringify(newMessage())
      const refused = await send(
        server,
        'POST',
        FUNCTION,
        { ...json, 'content-encoding': 'br' },
        body,
      )
      expect(refused.status).toBe(415)
      expect(refused.headers['accept-encoding']).toBe('identity')
      expect(JSON.parse(refused.body).error.code).toBe('unsupported_content_encoding')
      // identity is plain: the message is read (and, never stored, not found).
      const plain = await send(
        server,
        'POST',
        FUNCTION,
        { ...json, 'content-encoding': 'identity' },
        body,
      )
      expect(plain.status).toBe(409)
    })
  })

  describe('ETags and conditional requests', () => {
    const fetchAs = (encoding: string | undefined, extra: Record<string, string> = {}) =>
      send(server, 'GET', '/', { ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra })

    it('gives each representation its own strong ETag', async () => {
      const plain = await fetchAs(undefined)
      const gzip = await fetchAs('gzip')
      const brotli = await fetchAs('gzip, deflate, br')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(brotli.headers['content-encoding']).toBe('br')
      const tags = [plain, gzip, brotli].map((res) => res.headers.etag)
      expect(new Set(tags).size).toBe(3)
      for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/)
      expect(plain.body).toContain(FAKE_INDEX_TEXT)
    })

    it('honours If-None-Match with weak tags, lists and *, against the representation sent', async () => {
      const brotliTag = (await fetchAs('br')).headers.etag ?? ''
      const plainTag = (await fetchAs(undefined)).headers.etag ?? ''
      for (const condition of [brotliTag, `W/${brotliTag}`, `"nope", ${brotliTag}`, '*']) {
        const res = await fetchAs('br', { 'if-none-match': condition })
        expect(res.status).toBe(304)
        expect(res.headers.etag).toBe(brotliTag)
        expect(res.headers.vary).toBe('Accept-Encoding')
        expect(res.body).toBe('')
      }
      // The uncompressed bytes' tag does not validate the brotli ones, and the other way round.
      expect((await fetchAs('br', { 'if-none-match': plainTag })).status).toBe(200)
      expect((await fetchAs(undefined, { 'if-none-match': brotliTag })).status).toBe(200)
      const head = await send(server, 'HEAD', '/', { 'if-none-match': `W/${plainTag}` })
      expect(head.status).toBe(304)
    })
  })

  it.each(['/404', '/404.html', '/404/', '/%34%30%34', '/404/index.html', '/./404', '/404?x=1'])(
    'answers %s with the 404 page and a 404 status, never 200',
    async (target) => {
      const get = await send(server, 'GET', target)
      expect(get.status).toBe(404)
      expect(get.body).toContain(FAKE_404_TEXT)
      expect((await send(server, 'HEAD', target)).status).toBe(404)
    },
  )
})

describe('with PostgreSQL down', () => {
  let postgres: PostgresServer
  let server: RunningServer

  beforeAll(async () => {
    postgres = await startPostgresServer()
    server = await startServer(testSettings({ PORT: '0', DATABASE_URL: postgres.url }))
  })
  afterAll(async () => {
    await postgres.resume().catch(() => undefined)
    await server.stop()
    await postgres.stop()
  })

  it("answers with PostgREST's 503 and no host or port, then recovers without a restart", async () => {
    const { port } = new URL(postgres.url)
    await postgres.halt()
    try {
      for (const method of ['POST', 'GET']) {
        const res = await send(server, method, REST, json, JSON.stringify(newMessage()))
        expect(res.status).toBe(503)
        expect(JSON.parse(res.body)).toEqual({
          code: 'PGRST000',
          details: null,
          hint: null,
          message: 'Database connection error. Retrying the connection.',
        })
        expect(res.body).not.toContain(port)
      }
      const invoked = await send(server, 'POST', FUNCTION, json, JSON.stringify(newMessage()))
      // The database away is not a bug: 503 and when to try again, as PostgREST's PGRST000.
      expect([invoked.status, invoked.headers['retry-after']]).toEqual([503, '5'])
      expect(JSON.parse(invoked.body)).toEqual({
        error: { code: 'database_unavailable', message: 'The message could not be processed.' },
      })
    } finally {
      await postgres.resume()
    }
    const row = newMessage()
    expect((await send(server, 'POST', REST, json, JSON.stringify(row))).status).toBe(201)
    expect(await rowsFor(server, row.email)).toBe(1)
  })
})

it('names DATABASE_URL, its host and port, and what to check when PostgreSQL is down at start, never the password', async () => {
  const port = await freePort()
  const url = `postgresql://site:s3cret-pw@127.0.0.1:${port}/leads`
  const started = startServer(testSettings({ PORT: '0', DATABASE_URL: url }))
  await expect(started).rejects.toThrow(
    new RegExp(
      `^Cannot use the PostgreSQL server in DATABASE_URL \\(host 127\\.0\\.0\\.1, port ${port}, database "leads", user "site"\\): .*ECONNREFUSED.*Check that PostgreSQL is running`,
    ),
  )
  await expect(started).rejects.not.toThrow(/s3cret/)
})
