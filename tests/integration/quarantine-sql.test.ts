/**
 * The quarantine of 20261124000301_quarantine.sql as SQL, on PGlite and on a real PostgreSQL 15
 * with Supabase's roles and pg_cron (migrations applied twice, as `supabase db push` would, with
 * no ledger): what a flagged submission leaves behind, what it is answered, how the flood
 * limits and the cap bound it, and restore, purge and erasure.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { contactQuarantineErrors } from '../../src/content/contact-errors.ts'
import { privacyNotice, QUARANTINE_DAYS_IN_NOTICE } from '../../src/content/privacy.ts'
import { insertAsPostgrest, type FormRow } from '../support/postgrest-insert.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

interface Store {
  db: Database
  /** Whether pg_cron is there to schedule the purge (hosted Supabase), or a timer must. */
  cron: boolean
  close(): Promise<void>
}

const stores: [string, () => Promise<Store>][] = [
  [
    'PGlite',
    async () => {
      const db = await createTestDatabase()
      return { db, cron: false, close: () => db.close() }
    },
  ],
  [
    'PostgreSQL 15 with Supabase roles and pg_cron',
    async () => {
      const postgres = await startPostgresServer({ pgCron: true })
      try {
        await applyMigrationsLikeSupabase(postgres.url)
        await applyMigrationsLikeSupabase(postgres.url)
        const db = await openPostgresDatabase(postgres.url)
        return {
          db,
          cron: true,
          async close() {
            await db.close()
            await postgres.stop()
          },
        }
      } catch (error) {
        await postgres.stop()
        throw error
      }
    },
  ],
]

let sequence = 0
const person = (overrides: FormRow = {}): FormRow => {
  sequence += 1
  return {
    name: `Ana Souza ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company: null,
    message: `Olá! Quero um orçamento (${sequence}).`,
    form_trap: '',
    form_elapsed_ms: 12_000,
    ...overrides,
  }
}
const trapped = (overrides: FormRow = {}) =>
  person({ form_trap: 'https://promo.example', ...overrides })
const tooFast = (overrides: FormRow = {}) => person({ form_elapsed_ms: 800, ...overrides })

/** As a proxy would name the caller, whichever header the database is set to read. */
const from = (address: string) => ({ 'cf-connecting-ip': address, 'x-forwarded-for': address })

describe.each(stores)('the quarantine on %s', (_name, open) => {
  let store: Store
  const db = () => store.db

  const quarantined = async () =>
    (
      await db().query<Record<string, unknown>>(
        'select * from private.quarantined_submissions order by quarantined_at, name',
      )
    ).rows
  const leads = async () =>
    (
      await db().query<{ name: string; email: string; created_at: Date }>(
        'select name, email, created_at from public.contact_submissions order by created_at, name',
      )
    ).rows
  const dropped = async () =>
    (
      await db().query<{ reason: string; dropped_because: string | null }>(
        'select reason, dropped_because from private.dropped_submissions order by id',
      )
    ).rows

  beforeAll(async () => {
    store = await open()
  }, 120_000)
  afterAll(async () => {
    await store?.close()
  })
  beforeEach(async () => {
    await db().exec(`
      delete from public.contact_submissions;
      delete from private.quarantined_submissions;
      delete from private.dropped_submissions;
      delete from private.submission_counts;
      delete from private.lead_audit;
      delete from private.mail_sends;
      update private.contact_settings
         set per_address_limit = 10, unknown_address_limit = 60, quarantine_days = 14,
             quarantine_max_entries = 500, min_fill_ms = 3000;
    `)
  })

  it('keeps a submission whose hidden field is filled, answers 201 and stores no lead', async () => {
    const bot = trapped({ company: 'Acme Ltda' })
    expect(await insertAsPostgrest(db(), bot, from('198.51.100.1'))).toEqual({ status: 201 })
    expect(await leads()).toEqual([])
    const kept = await quarantined()
    expect(kept).toEqual([
      {
        id: expect.any(String),
        quarantined_at: expect.any(Date),
        reason: 'trap_filled',
        name: bot.name,
        email: bot.email,
        company: 'Acme Ltda',
        message: bot.message,
        referrer_origin: null,
        landing_path: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        // Its network, as a lead keeps it: no network may hold more than its share.
        client_key: '198.51.100.1',
      },
    ])
    // Neither the trap's text nor the timing is kept anywhere with it. (Matching "800" in the
    // whole row once failed on a timestamp's milliseconds: each value is compared instead.)
    const values = kept.flatMap((row) => Object.values(row).map(String))
    expect(
      values.filter((value) => value.includes('promo.example') || value === String(12_000)),
    ).toEqual([])
    const notice = privacyNotice.sections.find((section) => section.id === 'mensagens-automaticas')
    expect(notice?.paragraphs.join(' ')).toContain('endereço de rede')
  })

  it('keeps one sent sooner than the minimum, and a double click of it once', async () => {
    const bot = tooFast({ company: '   ' })
    expect(await insertAsPostgrest(db(), bot, from('198.51.100.2'))).toEqual({ status: 201 })
    expect(await insertAsPostgrest(db(), bot, from('198.51.100.2'))).toEqual({ status: 201 })
    expect(await quarantined()).toEqual([
      expect.objectContaining({ reason: 'too_fast', name: bot.name, company: null }),
    ])
    expect(await leads()).toEqual([])
  })

  it('mails nothing of it: the sweep and the visitor-side claim find no lead', async () => {
    const bot = trapped()
    await insertAsPostgrest(db(), bot, from('198.51.100.3'))
    const due = await db().query('select * from private.claim_due_mail(0, 100, 5)')
    expect(due.rows).toEqual([])
    const claim = await db().query(
      'select outcome from private.claim_submission_mail($1, $2, $3, $4, 30, 5)',
      [bot.name, bot.email, bot.company, bot.message],
    )
    expect(claim.rows).toEqual([{ outcome: 'not_found' }])
  })

  it('refuses a flagged post whose fields a lead could not have in the words a lead would get, keeping nothing', async () => {
    for (const [bot, words] of [
      [trapped({ email: 'não é e-mail' }), 'Informe um e-mail válido, como nome@empresa.com.br.'],
      [
        tooFast({ name: 'Ana\r\nBcc: x@example.com' }),
        'O nome não pode ter quebras de linha nem caracteres de controle.',
      ],
      [trapped({ message: 'x'.repeat(5001) }), 'A mensagem pode ter até 5000 caracteres.'],
    ] as const) {
      expect(await insertAsPostgrest(db(), bot, from('198.51.100.4'))).toEqual({
        status: 400,
        code: '23514',
        message: words,
      })
    }
    expect(await quarantined()).toEqual([])
    expect(await dropped()).toEqual([])
  })

  it('counts flagged posts against the same per-address limit as leads', async () => {
    for (let n = 0; n < 5; n += 1) {
      expect((await insertAsPostgrest(db(), person(), from('198.51.100.5'))).status).toBe(201)
      expect((await insertAsPostgrest(db(), trapped(), from('198.51.100.5'))).status).toBe(201)
    }
    const refused = await insertAsPostgrest(db(), trapped(), from('198.51.100.5'))
    expect(refused).toMatchObject({ status: 429, code: 'PT429' })
    expect(await insertAsPostgrest(db(), person(), from('198.51.100.5'))).toMatchObject({
      status: 429,
    })
    expect(await quarantined()).toHaveLength(5)
    // Another address is not affected.
    expect((await insertAsPostgrest(db(), trapped(), from('198.51.100.6'))).status).toBe(201)
  })

  it('holds at most quarantine_max_entries, then only newcomers up to twice as many, and refuses the rest in words: a person is never dropped in silence', async () => {
    await db().query('update private.contact_settings set quarantine_max_entries = 2')
    // Each from a provider (an IPv4 /16) of its own.
    for (const address of ['203.0.0.1', '198.18.0.1']) {
      expect((await insertAsPostgrest(db(), trapped(), from(address))).status).toBe(201)
    }
    const cannotKeep = {
      status: 503,
      code: 'PT503',
      message: contactQuarantineErrors.cannotKeep,
      retryAfter: '3600',
    }
    // Full: a provider already holding its place is refused in words.
    expect(await insertAsPostgrest(db(), trapped(), from('203.0.9.1'))).toMatchObject(cannotKeep)
    // A newcomer still gets in, up to twice the places.
    for (const address of ['192.0.2.1', '100.64.0.1']) {
      expect((await insertAsPostgrest(db(), trapped(), from(address))).status).toBe(201)
    }
    expect(await insertAsPostgrest(db(), trapped(), from('172.16.0.1'))).toMatchObject(cannotKeep)
    expect(await quarantined()).toHaveLength(4)
    // A message the signals do not flag is a lead as always.
    expect((await insertAsPostgrest(db(), person(), from('203.0.9.1'))).status).toBe(201)
  })

  it('gives each network, and each /48 or /24, a share of the places, so one connection cannot fill them', async () => {
    // 500 places: 5 for one network (an IPv4 address, an IPv6 /64), 20 for one /48 or /24.
    const statusesFrom = async (addresses: string[]) => {
      const statuses: number[] = []
      for (const address of addresses) {
        statuses.push((await insertAsPostgrest(db(), tooFast(), from(address))).status)
      }
      return statuses
    }
    expect(await statusesFrom(Array.from({ length: 6 }, () => '198.51.100.20'))).toEqual([
      201, 201, 201, 201, 201, 503,
    ])
    // 25 /64s of one /48, each of a /56 of its own: 20 places, then words.
    const fromOneBlock = await statusesFrom(
      Array.from({ length: 25 }, (_, n) => `2001:db8:5:${(n * 0x100).toString(16)}::1`),
    )
    expect(fromOneBlock.filter((status) => status === 201)).toHaveLength(20)
    expect(fromOneBlock.slice(20)).toEqual([503, 503, 503, 503, 503])
    // A person in another network trips a signal: kept for review as ever.
    expect((await insertAsPostgrest(db(), trapped(), from('2001:db8:6::1'))).status).toBe(201)
    expect((await insertAsPostgrest(db(), trapped(), from('192.0.2.7'))).status).toBe(201)
  })

  it('gives one provider a tenth of the places, so 25 /48s cannot fill them, and leaves a person from elsewhere room', async () => {
    // A tunnel broker's 25 /48s (one /32), 20 flagged posts each from /64s of their own /56s.
    let kept = 0
    let refused = 0
    for (let network = 0; network < 25; network += 1) {
      for (let home = 0; home < 20; home += 1) {
        const address = `2001:db8:${(0x100 + network).toString(16)}:${(home * 0x100).toString(16)}::1`
        const answer = await insertAsPostgrest(db(), tooFast(), from(address))
        if (answer.status === 201) kept += 1
        else if (answer.status === 503) refused += 1
      }
    }
    expect(kept).toBe(50)
    expect(refused).toBe(450)
    // A person elsewhere who trips a signal is kept for review.
    expect((await insertAsPostgrest(db(), trapped(), from('2001:470:1::1'))).status).toBe(201)
    expect((await insertAsPostgrest(db(), trapped(), from('192.0.2.9'))).status).toBe(201)
  })

  it('keeps room for newcomers when many providers have filled it', async () => {
    // 100 places: 1 per address, 4 per network, 10 per provider; ten providers fill them.
    await db().query('update private.contact_settings set quarantine_max_entries = 100')
    for (let provider = 0; provider < 10; provider += 1) {
      for (let n = 0; n < 10; n += 1) {
        const address = `2001:${(0x4000 + provider).toString(16)}:${Math.floor(n / 4)}:${((n % 4) * 0x100).toString(16)}::1`
        expect((await insertAsPostgrest(db(), tooFast(), from(address))).status).toBe(201)
      }
    }
    // Full, and each of them refused more; a person from elsewhere is still kept.
    expect((await insertAsPostgrest(db(), tooFast(), from('2001:4000:9::1'))).status).toBe(503)
    expect((await insertAsPostgrest(db(), trapped(), from('2001:470:1::1'))).status).toBe(201)
    expect(await quarantined()).toHaveLength(101)
  })

  it('restores an entry as a lead dated when it was sent, which the sweep then mails', async () => {
    const bot = tooFast({ company: 'Padaria Pão & Cia' })
    await insertAsPostgrest(db(), bot, from('198.51.100.7'))
    await db().query(
      "update private.quarantined_submissions set quarantined_at = now() - interval '3 days'",
    )
    const [entry] = await quarantined()
    // The flood limit for callers of unknown address is spent: restoring is not a visitor's post.
    await db().query('update private.contact_settings set unknown_address_limit = 1')
    await insertAsPostgrest(db(), person(), {})
    const restored = await db().query<{ lead: string }>(
      "select private.restore_quarantined($1, 'painel') as lead",
      [entry?.id],
    )
    const leadId = restored.rows[0]?.lead
    expect(leadId).toEqual(expect.any(String))
    const row = await db().query<Record<string, unknown>>(
      'select name, email, company, message, created_at, notified_at, client_ip from public.contact_submissions where id = $1',
      [leadId],
    )
    expect(row.rows).toEqual([
      {
        name: bot.name,
        email: bot.email,
        company: 'Padaria Pão & Cia',
        message: bot.message,
        created_at: entry?.quarantined_at,
        notified_at: null,
        client_ip: null,
      },
    ])
    expect(await quarantined()).toEqual([])
    const audit = await db().query('select action, leads, via from private.lead_audit')
    expect(audit.rows).toEqual([{ action: 'restore', leads: 1, via: 'painel' }])
    const due = await db().query<{ submission_id: string }>(
      'select submission_id from private.claim_due_mail(2, 100, 5)',
    )
    expect(due.rows.map((claim) => claim.submission_id)).toEqual([leadId])
    // Restoring again finds nothing.
    const again = await db().query('select private.restore_quarantined($1) as lead', [entry?.id])
    expect(again.rows).toEqual([{ lead: null }])
  })

  it('keeps where a flagged sender came from, cleaned as a lead’s, and a restore gives it to the lead', async () => {
    const arrival = {
      referrer_origin: 'https://www.instagram.com',
      landing_path: '/agendar',
      utm_source: ' Instagram ',
      utm_medium: 'social',
      utm_campaign: 'black-friday\u202e',
      utm_term: null,
      utm_content: 'story-1',
    }
    await insertAsPostgrest(db(), tooFast(arrival), from('198.51.100.8'))
    const [entry] = await quarantined()
    // The same rules as a lead's: a value with a direction mark dropped, spaces trimmed.
    const kept = {
      referrer_origin: 'https://www.instagram.com',
      landing_path: '/agendar',
      utm_source: 'Instagram',
      utm_medium: 'social',
      utm_campaign: null,
      utm_term: null,
      utm_content: 'story-1',
    }
    expect(entry).toMatchObject(kept)
    const restored = await db().query<{ lead: string }>(
      'select private.restore_quarantined($1) as lead',
      [entry?.id],
    )
    const lead = await db().query<Record<string, unknown>>(
      `select referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term,
              utm_content
         from public.contact_submissions where id = $1`,
      [restored.rows[0]?.lead],
    )
    expect(lead.rows).toEqual([kept])
    // The privacy notice says so where it lists what such a message keeps.
    const flagged = privacyNotice.sections.find((section) => section.id === 'mensagens-automaticas')
    expect(flagged?.paragraphs.join(' ')).toContain('de onde você veio')
  })

  it('still applies the field rules on restore, keeping the entry when they refuse it', async () => {
    await insertAsPostgrest(db(), trapped(), from('198.51.100.8'))
    const [entry] = await quarantined()
    // Rows written by hand in Studio are not checked on the way in; restore checks them.
    await db().query("update private.quarantined_submissions set email = 'a@b'")
    await expect(
      db().query('select private.restore_quarantined($1)', [entry?.id]),
    ).rejects.toMatchObject({
      code: '23514',
      message: 'Informe um e-mail válido, como nome@empresa.com.br.',
    })
    expect(await quarantined()).toHaveLength(1)
    expect(await leads()).toEqual([])
  })

  it('purges entries older than quarantine_days and nothing younger', async () => {
    await db().query('update private.contact_settings set quarantine_days = 7')
    await insertAsPostgrest(db(), trapped({ name: 'Antiga' }), from('198.51.100.9'))
    await insertAsPostgrest(db(), trapped({ name: 'Recente' }), from('198.51.100.9'))
    await db().query(
      "update private.quarantined_submissions set quarantined_at = now() - interval '8 days' where name = 'Antiga'",
    )
    await db().query(
      "update private.quarantined_submissions set quarantined_at = now() - interval '6 days' where name = 'Recente'",
    )
    expect((await db().query('select private.purge_quarantine() as n')).rows).toEqual([{ n: 1 }])
    expect((await quarantined()).map((row) => row.name)).toEqual(['Recente'])
  })

  it('erases by e-mail in quarantine too, with one audit line and no personal data', async () => {
    const email = `Maria.${Date.now()}@Example.com`
    await insertAsPostgrest(db(), person({ email }), from('198.51.100.10'))
    await insertAsPostgrest(db(), trapped({ email }), from('198.51.100.10'))
    await insertAsPostgrest(db(), trapped(), from('198.51.100.10'))
    const erased = await db().query('select private.erase_leads_by_email($1) as n', [
      `  ${email.toLowerCase()} `,
    ])
    expect(erased.rows).toEqual([{ n: 2 }])
    expect(await leads()).toEqual([])
    expect(await quarantined()).toHaveLength(1)
    const audit = await db().query('select action, leads, via from private.lead_audit')
    expect(audit.rows).toEqual([{ action: 'erase', leads: 2, via: 'sql' }])
  })

  it('lets visitors neither read nor change the quarantine, nor call its functions', async () => {
    await insertAsPostgrest(db(), trapped(), from('198.51.100.11'))
    const [entry] = await quarantined()
    for (const sql of [
      'select * from private.quarantined_submissions',
      'delete from private.quarantined_submissions',
      `select private.restore_quarantined('${String(entry?.id)}')`,
      'select private.purge_quarantine()',
    ]) {
      await expect(
        db().transaction(async (tx) => {
          await tx.query("select set_config('role', 'anon', true)")
          return tx.query(sql)
        }),
        sql,
      ).rejects.toThrow(/permission denied/)
    }
    expect(await quarantined()).toHaveLength(1)
  })

  it('keeps entries for as many days as the privacy notice says, by default', async () => {
    const defaults = await db().query(
      "select column_default from information_schema.columns where table_schema = 'private' and table_name = 'contact_settings' and column_name = 'quarantine_days'",
    )
    expect(defaults.rows).toEqual([{ column_default: String(QUARANTINE_DAYS_IN_NOTICE) }])
  })

  it('is purged daily by pg_cron where pg_cron exists (elsewhere the Node server does it)', async () => {
    const scheduled = store.cron
      ? await db().query('select schedule, command from cron.job where jobname = $1', [
          'purge-quarantine',
        ])
      : await db().query("select to_regclass('cron.job') as jobs")
    expect(scheduled.rows).toEqual(
      store.cron
        ? [{ schedule: '27 3 * * *', command: 'select private.purge_quarantine()' }]
        : [{ jobs: null }],
    )
  })
})
