/**
 * The agenda against strangers, as SQL (decision 038), on PGlite and on a hosted-Supabase-like
 * PostgreSQL 15 (Supabase's roles, every migration applied as `supabase db push` would, then
 * ours a second time): what a caller at a given address may do, called as PostgREST calls, as
 * anon with the request's headers. Time is the private functions' p_now, never a wait.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

interface Store {
  open(): Promise<{ db: Database; close(): Promise<void> }>
}

const stores: [string, Store][] = [
  [
    'PGlite',
    {
      async open() {
        const db = await createTestDatabase()
        return { db, close: () => db.close() }
      },
    },
  ],
  [
    'a Supabase-like PostgreSQL 15',
    {
      async open() {
        const postgres: PostgresServer = await startPostgresServer()
        await applyMigrationsLikeSupabase(postgres.url)
        const db = await openPostgresDatabase(postgres.url)
        // Ours, applied a second time, change nothing and fail nowhere.
        for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n >= '20261128')) {
          await db.exec(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
        }
        return {
          db,
          async close() {
            await db.close()
            await postgres.stop()
          },
        }
      },
    },
  ],
]

/** What PostgREST raises for a refusal SQL shapes (private.refuse): its status and body. */
interface Refusal {
  status: number
  code: string
  details: string | null
  message: string
  hint: string | null
  retryAfter: string | undefined
}

const refusalOf = (error: unknown): Refusal | undefined => {
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string }
  if (code !== 'PGRST' || !message || !detail) return undefined
  const body = JSON.parse(message) as Omit<Refusal, 'status' | 'retryAfter'>
  const { status, headers } = JSON.parse(detail) as {
    status: number
    headers: Record<string, string>
  }
  return { ...body, status, retryAfter: headers['Retry-After'] }
}

describe.each(stores)('the agenda against strangers on %s', (_name, store) => {
  let db: Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await store.open())
  }, 120_000)
  afterAll(() => close?.())

  /**
   * One call as PostgREST makes it: a transaction as anon, the caller's address in both
   * headers a deployment may trust (decision 024). Answers the result, or the refusal.
   */
  const asAnon = async <T = Record<string, unknown>>(
    address: string | null,
    sql: string,
    params: unknown[] = [],
  ): Promise<{ answer?: T; refusal?: Refusal; code?: string }> => {
    const headers =
      address === null ? {} : { 'cf-connecting-ip': address, 'x-forwarded-for': address }
    try {
      const answer = await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'anon', true), set_config('request.headers', $1, true)`,
          [JSON.stringify(headers)],
        )
        return (await tx.query<{ answer: T }>(sql, params)).rows[0]?.answer
      })
      return { answer }
    } catch (error) {
      return { refusal: refusalOf(error), code: (error as { code?: string }).code }
    }
  }

  const sendForm = (address: string, email: string) =>
    asAnon(
      address,
      `insert into public.contact_submissions (name, email, company, message, form_elapsed_ms)
       values ('Visitante', $1, null, 'Quero um orçamento.', 60000) returning 1 as answer`,
      [email],
    )

  const stored = async (email: string) => ({
    leads: Number(
      (
        await db.query('select count(*) as n from public.contact_submissions where email = $1', [
          email,
        ])
      ).rows[0]?.n,
    ),
    quarantined: Number(
      (
        await db.query(
          'select count(*) as n from private.quarantined_submissions where email = $1',
          [email],
        )
      ).rows[0]?.n,
    ),
  })

  describe('the block list', () => {
    it('holds a network and every address in it, however the address is written', async () => {
      const block = (network: string) =>
        db.query<{ network: string }>('select private.block_network($1, $2) as network', [
          network,
          'teste',
        ])
      expect((await block('2001:db8:aa:1::5/48')).rows[0]?.network).toBe('2001:db8:aa::/48')
      expect((await block('203.0.113.77')).rows[0]?.network).toBe('203.0.113.77/32')
      expect((await block('198.51.100.9/24')).rows[0]?.network).toBe('198.51.100.0/24')
      // An address alone blocks its /64, as the limits count it.
      expect((await block('2001:db8:bb:2::9')).rows[0]?.network).toBe('2001:db8:bb:2::/64')
      const blocked = async (address: string | null) =>
        (
          await db.query<{ blocked: boolean }>('select private.is_network_blocked($1) as blocked', [
            address,
          ])
        ).rows[0]?.blocked
      for (const inside of [
        '2001:db8:aa:ffff::1',
        '[2001:db8:aa:7::1]:443',
        '2001:db8:aa:7::/64',
        '203.0.113.77',
        '::ffff:203.0.113.77',
        '203.0.113.77:8080',
        '198.51.100.250',
        '2001:db8:bb:2:ffff::1',
      ]) {
        expect(await blocked(inside), inside).toBe(true)
      }
      for (const outside of [
        '2001:db8:ab::1',
        '203.0.113.78',
        '198.51.101.1',
        '2001:db8:bb:3::1',
        null,
        '',
        'nada',
      ]) {
        expect(await blocked(outside), String(outside)).toBe(false)
      }
      // Lifted, or past its end, a block holds nobody.
      await db.query(`select private.unblock_network('198.51.100.0/24')`)
      expect(await blocked('198.51.100.250')).toBe(false)
      await db.query(
        `update private.blocked_networks set blocked_until = now() - interval '1 second'
          where network = '203.0.113.77/32'`,
      )
      expect(await blocked('203.0.113.77')).toBe(false)
      await db.query('delete from private.blocked_networks')
    })

    it('refuses what is no network, and blocks too wide to be a mistake', async () => {
      for (const [network, code] of [
        ['nada', '22023'],
        ['', '22023'],
        ['10.0.0.0/8', '23514'],
        ['2001:db8::/16', '23514'],
        ['0.0.0.0/0', '23514'],
      ] as const) {
        await expect(
          db.query('select private.block_network($1)', [network]),
          network,
        ).rejects.toMatchObject({ code })
      }
      expect((await db.query('select 1 from private.blocked_networks')).rows).toEqual([])
    })

    it('refuses the contact form from a blocked network in its words, before any limit or quarantine counts it', async () => {
      await db.query(`select private.block_network('2001:db8:cc::/48')`)
      const refused = await sendForm('2001:db8:cc:1::10', 'bloqueado@example.com')
      expect(refused.refusal).toMatchObject({
        status: 403,
        code: 'PT403',
        message:
          'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.',
      })
      // Not even a bot's: the hidden field filled is refused the same, and nothing is kept.
      const trapped = await asAnon(
        '2001:db8:cc:2::10',
        `insert into public.contact_submissions (name, email, message, form_trap, form_elapsed_ms)
         values ('Robô', 'bloqueado@example.com', 'Promoção!', 'x', 10) returning 1 as answer`,
      )
      expect(trapped.refusal?.status).toBe(403)
      expect(await stored('bloqueado@example.com')).toEqual({ leads: 0, quarantined: 0 })
      // Another network sends as always.
      expect((await sendForm('2001:db8:cd:1::10', 'livre@example.com')).answer).toBe(1)
      expect((await stored('livre@example.com')).leads).toBe(1)
      await db.query('delete from private.blocked_networks')
    })
  })
})
