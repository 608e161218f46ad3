/**
 * Which address the flood limits count on a Supabase-like PostgreSQL 15 (Supabase's roles,
 * migrations as `supabase db push` applies them), for requests whose headers reach SQL as
 * PostgREST passes them (`request.headers`, names in lower case), each caller forging the
 * X-Forwarded-For it sends: under every setting of private.contact_settings, a caller cannot
 * pick a new address per request, and cannot fill the bucket every unknown caller shares while
 * the header read is one it cannot write (decision 024). Then the Node server on the same
 * database, whose TRUST_PROXY keeps deciding whatever the database's default is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer } from '../../server/start-server.ts'
import { insertAsPostgrest, type PostgrestAnswer } from '../support/postgrest-insert.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { testSettings } from '../support/test-app.ts'

let postgres: PostgresDatabase
let db: Database

beforeAll(async () => {
  postgres = await createPostgresDatabase()
  await applyMigrationsLikeSupabase(postgres.url)
  db = await openPostgresDatabase(postgres.url)
}, 120_000)
afterAll(async () => {
  await db?.close()
  await postgres?.stop()
})
beforeEach(async () => {
  await db.exec(`
    delete from public.contact_submissions;
    delete from private.submission_counts;
    update private.contact_settings
       set per_address_limit = 10, unknown_address_limit = 30, window_minutes = 10,
           client_address_header = 'cf-connecting-ip', client_address_hops = 1;
  `)
})

let sequence = 0
const lead = () => {
  sequence += 1
  return {
    name: `Visitante ${sequence}`,
    email: `visitante.${sequence}@example.com`,
    company: null,
    message: `Mensagem ${sequence}`,
  }
}

/** A different made-up address for every request, as a flood script would write. */
const forged = (n: number) => `10.${n % 250}.${Math.floor(n / 250) % 250}.${(n * 7) % 250}`

/** Sends `count` posts with the headers each request's number gives; returns their statuses. */
const flood = async (count: number, headersFor: (n: number) => Record<string, string>) => {
  const answers: PostgrestAnswer[] = []
  for (let n = 0; n < count; n += 1)
    answers.push(await insertAsPostgrest(db, lead(), headersFor(n)))
  return answers.map((answer) => answer.status)
}

const storedKeys = async () =>
  (
    await db.query<{ client_key: string | null }>(
      'select distinct client_key from public.contact_submissions order by client_key',
    )
  ).rows.map((row) => row.client_key)

const unknownCount = async () =>
  (
    await db.query<{ n: number }>(
      "select coalesce(sum(submissions), 0)::int as n from private.submission_counts where client_key = ''",
    )
  ).rows[0]?.n

const setting = (header: string | null, hops = 1) =>
  db.query(
    'update private.contact_settings set client_address_header = $1, client_address_hops = $2',
    [header, hops],
  )

const TEN_ACCEPTED_THEN_REFUSED = [...Array<number>(10).fill(201), 429, 429]

describe('hosted Supabase (the default: cf-connecting-ip, which Cloudflare writes)', () => {
  it('counts one caller once however it forges X-Forwarded-For', async () => {
    const statuses = await flood(12, (n) => ({
      'cf-connecting-ip': '198.51.100.40',
      'x-forwarded-for': `${forged(n)}, 198.51.100.40`,
    }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await storedKeys()).toEqual(['198.51.100.40'])
  })

  it('keeps a caller that forges junk out of the bucket unknown callers share', async () => {
    const statuses = await flood(12, (n) => ({
      'cf-connecting-ip': '2001:db8:7:1::5',
      'x-forwarded-for': n % 2 === 0 ? 'unknown' : `não-é-endereço-${n}`,
    }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await unknownCount()).toBe(0)
    expect(await storedKeys()).toEqual(['2001:db8:7:1::/64'])
  })

  it('no longer believes the first X-Forwarded-For entry when cf-connecting-ip is missing', async () => {
    // What PostgREST passes when nothing in front writes cf-connecting-ip: 30 forged addresses
    // once made 30 stored ones. Now they share the unknown callers' cap, and no more.
    const statuses = await flood(31, (n) => ({ 'x-forwarded-for': forged(n) }))
    expect(statuses).toEqual([...Array<number>(30).fill(201), 429])
    expect(await storedKeys()).toEqual([null])
  })
})

describe('self-hosted behind proxies that append to X-Forwarded-For', () => {
  it('reads the entry the one proxy appended (hops 1), not what the caller wrote', async () => {
    await setting('x-forwarded-for', 1)
    const statuses = await flood(12, (n) => ({ 'x-forwarded-for': `${forged(n)}, 203.0.113.7` }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await storedKeys()).toEqual(['203.0.113.7'])
  })

  it('cannot be pushed into the unknown bucket by junk the caller puts first', async () => {
    await setting('x-forwarded-for', 1)
    const statuses = await flood(12, (n) => ({
      'x-forwarded-for': `${'x'.repeat(n)}junk, , 203.0.113.8`,
    }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await unknownCount()).toBe(0)
  })

  it('reads two hops back behind two proxies (nginx in front of Kong)', async () => {
    await setting('x-forwarded-for', 2)
    const statuses = await flood(12, (n) => ({
      'x-forwarded-for': `${forged(n)}, ${forged(n + 1)}, 203.0.113.9, 172.18.0.2`,
    }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await storedKeys()).toEqual(['203.0.113.9'])
  })

  it('reads a header a proxy replaces, such as x-real-ip', async () => {
    await setting('x-real-ip', 1)
    const statuses = await flood(12, (n) => ({
      'x-real-ip': '203.0.113.10',
      'x-forwarded-for': forged(n),
      'cf-connecting-ip': forged(n + 3),
    }))
    expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
    expect(await storedKeys()).toEqual(['203.0.113.10'])
  })

  it('with no header believed, counts every caller in the one shared cap', async () => {
    await setting(null)
    const statuses = await flood(31, (n) => ({
      'cf-connecting-ip': forged(n),
      'x-forwarded-for': forged(n + 1),
      'x-real-ip': forged(n + 2),
    }))
    expect(statuses).toEqual([...Array<number>(30).fill(201), 429])
    expect(await storedKeys()).toEqual([null])
  })

  it('refuses a header name or a hop count it cannot use', async () => {
    await expect(setting('X-Forwarded-For')).rejects.toMatchObject({ code: '23514' })
    await expect(setting('x-forwarded-for', 0)).rejects.toMatchObject({ code: '23514' })
  })
})

describe('the Node server on the same database', () => {
  it('keeps counting the address its TRUST_PROXY trusts, whatever the database default', async () => {
    await setting(null)
    const server = await startServer(
      testSettings({ PORT: '0', DATABASE_URL: postgres.url, TRUST_PROXY: '1' }),
    )
    try {
      const statuses: number[] = []
      for (let n = 0; n < 12; n += 1) {
        const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: {
            apikey: DEV_ANON_KEY,
            'content-type': 'application/json',
            // One proxy in front: it appended the address it saw after what the caller wrote.
            'x-forwarded-for': `${forged(n)}, 198.51.100.77`,
            'cf-connecting-ip': forged(n + 5),
          },
          body: JSON.stringify(lead()),
        })
        statuses.push(response.status)
      }
      expect(statuses).toEqual(TEN_ACCEPTED_THEN_REFUSED)
      expect(await storedKeys()).toEqual(['198.51.100.77'])
    } finally {
      await server.stop()
    }
  })
})
