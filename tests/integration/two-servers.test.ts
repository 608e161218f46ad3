/**
 * Two Node servers on one PostgreSQL, as behind a load balancer: the limits and the mail
 * sweep are decided in the database, so two instances behave as one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callKeys } from '../../server/rate-limit/call-keys.ts'
import { clientKey } from '../../server/rate-limit/client-key.ts'
import { callLimitCopy } from '#shared/http/call-limit-copy.ts'
import { normalizeAddress } from '../../server/proxy-trust.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { withMinuteLeft } from '../support/minute-left.ts'
import { testSettings } from '../support/test-app.ts'
import { TRICKY_ADDRESSES } from '../support/tricky-addresses.ts'
import { waitFor } from '../support/wait.ts'

let postgres: PostgresServer
let smtp: SmtpCatcher
let servers: RunningServer[] = []

beforeAll(async () => {
  ;[postgres, smtp] = await Promise.all([startPostgresServer(), startSmtpCatcher()])
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      // Each server believes the load balancer in front (here: this test, on loopback).
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_MAIL_PER_HOUR: '20',
    },
    { mailSweepIntervalMs: 200 },
  )
  // Both start together: the migrations are applied once, the other waits for them.
  servers = await Promise.all([startServer(settings), startServer(settings)])
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres?.stop(), smtp?.stop()])
})

let sequence = 0
const lead = () => {
  sequence += 1
  return {
    name: `Visitante ${sequence}`,
    email: `visitante.${sequence}@example.com`,
    company: null,
    message: `Mensagem número ${sequence}`,
  }
}

const insertThrough = (server: RunningServer, body: object, forwardedFor: string) =>
  fetch(`${server.url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify(body),
  })

describe('two servers on one PostgreSQL', () => {
  it('hold a flood split across both to one limit per address', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        insertThrough(servers[n % 2] as RunningServer, lead(), '198.51.100.77').then(
          (response) => response.status,
        ),
      ),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    const stored = await servers[0]?.db.query(
      "select count(*)::int as n from contact_submissions where client_ip = '198.51.100.77'",
    )
    expect(stored?.rows[0]).toEqual({ n: 10 })
  })

  it('mail every lead exactly once with both sweeps running, in singles up to the cap and then a digest', async () => {
    await servers[0]?.db.exec('delete from contact_submissions; delete from private.mail_sends')
    smtp.messages.length = 0
    // Forty leads whose visitors closed the tab before asking for the e-mail.
    const leads = Array.from({ length: 40 }, lead)
    for (const [n, body] of leads.entries()) {
      const response = await insertThrough(servers[n % 2] as RunningServer, body, `203.0.113.${n}`)
      expect(response.status).toBe(201)
    }
    await servers[0]?.db.exec(
      "update contact_submissions set created_at = created_at - interval '3 minutes'",
    )
    await waitFor(
      'every lead to be mailed',
      async () =>
        (
          await servers[1]?.db.query<{ n: number }>(
            'select count(*)::int as n from contact_submissions where notified_at is null',
          )
        )?.rows[0]?.n,
      (unsent) => unsent === 0,
      { timeoutMs: 30_000 },
    )
    const singles = smtp.messages.filter((mail) => mail.replyTo)
    const digests = smtp.messages.filter((mail) => !mail.replyTo)
    expect(singles).toHaveLength(20)
    expect(digests).toHaveLength(1)
    for (const { email } of leads) {
      const inSingles = singles.filter((mail) => mail.replyTo?.value[0]?.address === email).length
      const inDigest = digests.filter((mail) => mail.text?.includes(`E-mail: ${email}\n`)).length
      expect(inSingles + inDigest, email).toBe(1)
    }
  })

  it('count each address under the key the server computes, as PostgreSQL 15 computes it', async () => {
    const db = servers[0]?.db
    const { rows } = await (db as RunningServer['db']).query<{ key: string | null }>(
      'select private.client_key(raw) as key from unnest($1::text[]) with ordinality as t(raw, n) order by n',
      [TRICKY_ADDRESSES],
    )
    expect(TRICKY_ADDRESSES.map(clientKey)).toEqual(rows.map((row) => row.key))
    for (const forwarded of ['2001:DB8:0:7::1', '[::ffff:203.0.113.200]:443', '203.0.113.201']) {
      const body = lead()
      expect((await insertThrough(servers[1] as RunningServer, body, forwarded)).status).toBe(201)
      const stored = await db?.query<{ client_key: string }>(
        'select client_key from contact_submissions where email = $1',
        [body.email],
      )
      expect(stored?.rows).toEqual([{ client_key: clientKey(normalizeAddress(forwarded)) }])
    }
  })

  describe('one calls budget per caller across both (decision 040)', () => {
    const CALLS_PER_MINUTE = 12
    const detailsThrough = (server: RunningServer, forwardedFor: string) =>
      fetch(`${server.url}/rest/v1/rpc/booking_details`, {
        method: 'POST',
        headers: {
          apikey: DEV_ANON_KEY,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        body: JSON.stringify({ token: 'f'.repeat(64) }),
      })
    let throwaway = 0
    /** Calls from a new address until refused: the burst this server allows now. */
    const burstOn = async (server: RunningServer) => {
      const address = `203.0.113.${(throwaway += 1)}`
      let allowed = 0
      while ((await detailsThrough(server, address)).status !== 429) allowed += 1
      return allowed
    }
    const callsCounted = async (key: string) =>
      (
        await (servers[0] as RunningServer).db.query<{ n: number }>(
          'select coalesce(sum(calls), 0)::int as n from private.public_call_counts where client_key = $1',
          [key],
        )
      ).rows[0]?.n

    beforeAll(async () => {
      await servers[0]?.db.query('update private.contact_settings set calls_per_minute = $1', [
        CALLS_PER_MINUTE,
      ])
      // Each server takes the limit from its next tally: a quarter of 12 at once.
      for (const server of servers) {
        await waitFor(
          'the server to hold the new limit',
          () => burstOn(server),
          (n) => n === 3,
          {
            timeoutMs: 30_000,
            intervalMs: 200,
          },
        )
      }
    }, 60_000)
    afterAll(async () => {
      await servers[0]?.db.query('update private.contact_settings set calls_per_minute = 120')
      for (const server of servers) {
        await waitFor(
          'the server to hold the limit again',
          () => burstOn(server),
          (n) => n === 30,
          {
            timeoutMs: 30_000,
            intervalMs: 200,
          },
        )
      }
    }, 60_000)

    it("add each server's calls to one tally per caller, without a write per call", async () => {
      const [first, second] = servers as [RunningServer, RunningServer]
      const caller = '198.51.100.120'
      const statuses = []
      for (let n = 0; n < 4; n += 1) {
        statuses.push((await detailsThrough(n % 2 ? second : first, caller)).status)
      }
      // Each server's own bucket allows three at once: all four are answered.
      expect(statuses).toEqual([404, 404, 404, 404])
      await waitFor(
        'both servers to add their calls',
        () => callsCounted(caller),
        (n) => n === 4,
        {
          timeoutMs: 20_000,
        },
      )
    })

    it('refuse on both a caller whose minute the servers filled together, until its window drains', async () => {
      const [first, second] = servers as [RunningServer, RunningServer]
      const caller = '198.51.100.121'
      // The calls, the count and the servers' refreshes in one minute of the counts (a window
      // that ages across a minute's end lets a call more through).
      await withMinuteLeft(first.db, 30)
      // Three calls each, and what a third server counted: the minute is full.
      for (const server of [first, second, first, second, first, second]) {
        expect((await detailsThrough(server, caller)).status).toBe(404)
      }
      await first.db.query(
        `insert into private.public_call_counts (minute, client_key, calls)
         values (date_trunc('minute', now()), $1, 6)
         on conflict (client_key, minute) do update set calls = public_call_counts.calls + 6`,
        [caller],
      )
      for (const server of [first, second]) {
        const refused = await waitFor(
          'the server to learn the window is full',
          () => detailsThrough(server, caller),
          (response) => response.status === 429,
          { timeoutMs: 20_000, intervalMs: 2_500 },
        )
        // Until the window drains: seconds, not the one-second wait of an empty bucket.
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(2)
        expect(await refused.json()).toMatchObject({ code: 'PT429' })
      }
      // Another caller is answered as always, on both.
      for (const server of [first, second]) {
        expect((await detailsThrough(server, '198.51.100.122')).status).toBe(404)
      }
    })

    it("refuse on both a network the company blocked, from the database's one predicate", async () => {
      const [first, second] = servers as [RunningServer, RunningServer]
      const blocked = '2001:db8:77:1::5'
      // The desk's block list, as "Bloquear esta rede" fills it: one database, both servers.
      await first.db.query(`select private.block_network('2001:db8:77:1::/64', 'teste', 1)`)
      try {
        for (const server of [first, second]) {
          const refused = await waitFor(
            'the server to learn of the block',
            () => detailsThrough(server, blocked),
            (response) => response.status === 403,
            { timeoutMs: 20_000, intervalMs: 300 },
          )
          expect(await refused.json()).toMatchObject({
            code: 'PT403',
            message: callLimitCopy.blocked,
          })
        }
        // Every call of that network, the free times and the page-view beacon too.
        for (const [call, body] of [
          ['booking_free_times', {}],
          ['count_page_view', { path: '/', device: 'phone' }],
        ] as const) {
          const answer = await fetch(`${second.url}/rest/v1/rpc/${call}`, {
            method: 'POST',
            headers: {
              apikey: DEV_ANON_KEY,
              'content-type': 'application/json',
              'x-forwarded-for': '2001:db8:77:1::9',
            },
            body: JSON.stringify(body),
          })
          expect(answer.status, call).toBe(403)
        }
        expect((await detailsThrough(second, '2001:db8:77:2::5')).status).toBe(404)
      } finally {
        await first.db.query(`select private.unblock_network('2001:db8:77:1::/64')`)
      }
    })
  })

  it('count each call under the keys the server computes for it, as PostgreSQL 15 computes them (decision 058)', async () => {
    const db = servers[0]?.db as RunningServer['db']
    const inputs = [
      ...TRICKY_ADDRESSES,
      '2001:db8:0:ff00::1',
      '0:0:0:100::1',
      '2001:db8:ab:cdef::1',
      'ffff:ffff:ffff:ffff::1',
    ]
    const { rows } = await db.query<{ keys: string[] }>(
      `select private.call_limit_keys(private.client_key(raw)) as keys
         from unnest($1::text[]) with ordinality as t(raw, n) order by n`,
      [inputs],
    )
    expect(inputs.map((raw) => callKeys(clientKey(raw)).map(({ key }) => key))).toEqual(
      rows.map((row) => row.keys),
    )
  })

  it('refuse a blocked /48 on the first call from each new /64 of it, and an IPv4-mapped block its IPv4 callers, on both servers', async () => {
    const [first, second] = servers as [RunningServer, RunningServer]
    let fresh = 0
    /** A /64 of the blocked /48 that no server has seen. */
    const newSlash64 = () => `2001:db8:99:${(fresh += 1).toString(16)}::7`
    const freeTimes = (server: RunningServer, address: string) =>
      fetch(`${server.url}/rest/v1/rpc/booking_free_times`, {
        method: 'POST',
        headers: {
          apikey: DEV_ANON_KEY,
          'content-type': 'application/json',
          'x-forwarded-for': address,
        },
        body: '{}',
      })
    // Blocked as the desk (or Studio on hosted Supabase) blocks: in the database. In one
    // statement, so that a server takes both or neither: between two, a busy machine once had
    // a server take the list with the /48 alone, and the wait below then proved only that.
    await first.db.query(
      `select private.block_network('2001:db8:99::/48', 'teste', 1),
              private.block_network('::ffff:192.0.2.0/120', 'teste', 1)`,
    )
    try {
      for (const server of [first, second]) {
        // Each server takes the list with its next tally: until then a new /64 is answered.
        await waitFor(
          'the server to hold the block list',
          async () => (await freeTimes(server, newSlash64())).status,
          (status) => status === 403,
          { timeoutMs: 20_000, intervalMs: 300 },
        )
      }
      const seen: string[] = []
      for (let n = 0; n < 10; n += 1) {
        const address = newSlash64()
        seen.push(address)
        const answer = await freeTimes(n % 2 ? second : first, address)
        expect(answer.status).toBe(403)
        expect(await answer.json()).toMatchObject({ code: 'PT403', message: callLimitCopy.blocked })
      }
      for (const [n, address] of ['192.0.2.9', '::ffff:192.0.2.10'].entries()) {
        expect((await freeTimes(n % 2 ? second : first, address)).status).toBe(403)
      }
      // Refused before they were counted: no server added a call of theirs to the tally.
      const counted = await first.db.query<{ n: number }>(
        `select count(*)::int as n from private.public_call_counts
          where client_key = any($1::text[]) or client_key in ('192.0.2.9', '192.0.2.10')`,
        [seen.map((address) => clientKey(address))],
      )
      expect(counted.rows).toEqual([{ n: 0 }])
      // Neighbours are answered.
      expect((await freeTimes(second, '2001:db8:98:1::7')).status).toBe(200)
      expect((await freeTimes(second, '192.0.3.9')).status).toBe(200)
    } finally {
      await first.db.query(`select private.unblock_network('2001:db8:99::/48')`)
      await first.db.query(`select private.unblock_network('192.0.2.0/24')`)
    }
  })

  // Last: it stops the database for a while.
  it("each answer the database's refusals again themselves, even with the database down, for that address alone, and never past the Retry-After they were given", async () => {
    const [first, second] = servers as [RunningServer, RunningServer]
    const both = '198.51.100.88'
    const onlyFirst = '198.51.100.89'
    const given = new Map<RunningServer, number>()
    // Ten accepted across both servers, then each is refused by the database once.
    for (let n = 0; n < 12; n += 1) {
      const server = n % 2 ? second : first
      const response = await insertThrough(server, lead(), both)
      if (n < 10) expect(response.status).toBe(201)
      else {
        expect(response.status).toBe(429)
        given.set(server, Number(response.headers.get('retry-after')))
      }
    }
    for (let n = 0; n < 11; n += 1) await insertThrough(first, lead(), onlyFirst)

    await postgres.halt()
    try {
      for (const server of [first, second]) {
        const again = await insertThrough(server, lead(), both)
        expect(again.status).toBe(429)
        expect(await again.json()).toMatchObject({ code: 'PT429' })
        const left = Number(again.headers.get('retry-after'))
        expect(left).toBeGreaterThan(0)
        expect(left).toBeLessThanOrEqual(given.get(server) ?? 0)
      }
      // The first server was told about this address; the second was not, and does not guess.
      expect((await insertThrough(first, lead(), onlyFirst)).status).toBe(429)
      expect((await insertThrough(second, lead(), onlyFirst)).status).toBe(503)
      // Nor does either answer another address from memory.
      expect((await insertThrough(first, lead(), '198.51.100.90')).status).toBe(503)
    } finally {
      await postgres.resume()
    }
  })
})
