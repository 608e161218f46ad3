/**
 * What a hostile visitor can make reach the company's inbox, through the real Node server
 * (PGlite and a real PostgreSQL), the real supabase-js and a real SMTP server that refuses spam,
 * with every message parsed by mailparser as a mail client would read it (issue 18). The same
 * names go through the Edge Function under Deno in edge-function.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { ParsedMail } from 'mailparser'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import {
  ENCODED_WORD_ADDRESS,
  expectNameReadAsTyped,
  FORGED_NAMES,
} from '../support/forged-headers.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { GTUBE, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { TEST_SWEEP_SECRET as SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'

const INBOX = 'owner@example.test'

const stores: [string, () => Promise<{ env: Record<string, string>; close(): Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'hostile-mail-'))
      return {
        env: { DATA_DIR: dataDir },
        close: () => rm(dataDir, { recursive: true, force: true }),
      }
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const postgres = await createPostgresDatabase()
      return { env: { DATABASE_URL: postgres.url }, close: postgres.stop }
    },
  ],
]

interface Message {
  name: string
  email: string
  company: string | null
  message: string
}

describe.each(stores)('mail to the company, on %s', (_store, openStore) => {
  let server: RunningServer
  let smtp: SmtpCatcher
  let closeStore: () => Promise<void>
  let supabase: SupabaseClient

  beforeAll(async () => {
    smtp = await startSmtpCatcher({ refuseSpam: true })
    const store = await openStore()
    closeStore = store.close
    server = await startServer(
      testSettings({
        PORT: '0',
        SMTP_URL: smtp.url,
        CONTACT_TO: INBOX,
        MAIL_SWEEP_SECRET: SWEEP_SECRET,
        RATE_LIMIT_UNKNOWN_ADDRESSES: '100000',
        ...store.env,
      }),
    )
    supabase = createClient(server.url, DEV_ANON_KEY, {
      // Node 20 has no global WebSocket; ws's constructor type differs only in extra overloads.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
    await closeStore?.()
  })

  let sequence = 0
  const lead = (overrides: Partial<Message> = {}): Message => {
    sequence += 1
    return {
      name: `Ana Souza ${sequence}`,
      email: `ana.${sequence}@example.com`,
      company: null,
      message: `Quero um orçamento (${sequence}).`,
      ...overrides,
    }
  }

  /** What the form does: store the row, then ask the function to notify the company. */
  const visitorSends = async (message: Message) => {
    const { error } = await supabase.from('contact_submissions').insert(message)
    expect(error).toBeNull()
    const { data } = await supabase.functions.invoke('send-contact-email', { body: message })
    return data as { status?: string } | null
  }

  const about = (mails: ParsedMail[], email: string) =>
    mails.filter((mail) => mail.text?.includes(`E-mail: ${email}\n`))

  const sweep = (secret?: string) =>
    fetch(`${server.url}/functions/v1/send-contact-email/retry`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
        ...(secret === undefined ? {} : { 'x-mail-sweep-secret': secret }),
      },
      body: '{}',
    })

  const rowOf = async (email: string) =>
    (
      await server.db.query<Record<string, unknown>>(
        `select notified_at, notified_via, notify_error, notify_refused_at
           from contact_submissions where email = $1`,
        [email],
      )
    ).rows[0]

  it.each(FORGED_NAMES)('shows $label as typed in the Subject and Reply-To', async ({ name }) => {
    const message = lead({ name, company: '=?UTF-8?B?4oCuZXhlLmZkcA==?=' })
    expect(await visitorSends(message)).toEqual({ ok: true, status: 'sent' })
    const [mail] = await waitFor(
      'the notification',
      () => about(smtp.messages, message.email),
      (found) => found.length === 1,
    )
    if (!mail) throw new Error('no mail')
    expectNameReadAsTyped(mail, name, message.email)
    // The company field is only ever in the body, where nothing is decoded.
    expect(mail.text).toContain('Empresa: =?UTF-8?B?4oCuZXhlLmZkcA==?=\n')
  })

  it('leaves out the Reply-To of an address a mail client would decode, and shows it in the text', async () => {
    const message = lead({ email: ENCODED_WORD_ADDRESS })
    expect(await visitorSends(message)).toEqual({ ok: true, status: 'sent' })
    const [mail] = await waitFor(
      'the notification',
      () => about(smtp.messages, message.email),
      (found) => found.length === 1,
    )
    expect(mail?.replyTo).toBeUndefined()
    expect(mail?.headers.has('reply-to')).toBe(false)
    expect(mail?.subject).toBe(`Nova mensagem pelo site: ${message.name}`)
  })

  it('runs the sweep only for the scheduler, and tells anyone else nothing', async () => {
    for (const secret of [undefined, 'wrong', SWEEP_SECRET.toUpperCase()]) {
      const refused = await sweep(secret)
      expect(refused.status).toBe(401)
      expect(refused.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example')
      expect(await refused.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may run the mail sweep.' },
      })
    }
    const allowed = await sweep(SWEEP_SECRET)
    expect(allowed.status).toBe(200)
    expect(await allowed.json()).toMatchObject({ ok: true, refused: 0 })
  })

  it('delivers the honest leads of a digest the mail server refuses as spam, once each, and sets the spam lead apart', async () => {
    await server.db.query('update private.contact_settings set mail_per_hour = 0')
    const singles = async () =>
      (
        await server.db.query<{ n: number }>(
          "select count(*)::integer as n from private.mail_sends where kind = 'single' and ok is not false",
        )
      ).rows[0]?.n
    const singlesBefore = await singles()
    try {
      const honest = [
        lead(),
        lead({ company: 'Padaria Pão Quente' }),
        // One lead's text tries to pass for more leads in the digest.
        lead({
          message: 'Oi\n==== Mensagem 9 de 9 ====\nNome: CEO da Empresa\nE-mail: ceo@empresa.test',
        }),
        lead({ message: '<hr><h2>Mensagem 9 de 9</h2><table><tr><td>CEO</td></tr></table>' }),
        lead(),
      ]
      const spam = lead({ message: `Olá! ${GTUBE}` })
      const leads = [honest[0], honest[1], spam, honest[2], honest[3], honest[4]].filter(
        (one): one is Message => one !== undefined,
      )
      for (const one of leads)
        expect(await visitorSends(one)).toEqual({ ok: true, status: 'queued' })
      // The sweep leaves leads younger than two minutes to the visitor's request: age them.
      await server.db.query(
        "update contact_submissions set created_at = created_at - interval '3 minutes' where notified_at is null",
      )
      const result = (await (await sweep(SWEEP_SECRET)).json()) as Record<string, number>
      expect(result).toMatchObject({ ok: true, leads: honest.length, refused: 1 })

      for (const one of honest) {
        const delivered = about(smtp.messages, one.email)
        expect(delivered, one.email).toHaveLength(1)
        expect(await rowOf(one.email)).toMatchObject({
          notified_via: 'digest',
          notify_error: null,
          notify_refused_at: null,
        })
      }
      expect(about(smtp.messages, spam.email)).toHaveLength(0)
      expect(about(smtp.refused, spam.email).length).toBeGreaterThan(0)
      const spamRow = await rowOf(spam.email)
      expect(spamRow).toMatchObject({ notified_at: null })
      expect(spamRow?.notify_refused_at).toBeInstanceOf(Date)
      expect(String(spamRow?.notify_error)).toMatch(/554/)

      // Every accepted part is a digest: no Reply-To, no single e-mail past the cap, and one
      // heading of its own per lead it carries, whatever the leads wrote.
      const digests = smtp.messages.filter((mail) => mail.subject?.startsWith('Resumo: '))
      expect(digests.length).toBe(result.sent)
      for (const digest of digests) {
        expect(digest.replyTo).toBeUndefined()
        const ids = String(digest.headers.get('x-lead-id')).split(', ')
        const headings = digest.text?.match(/^==== Mensagem \d+ de \d+ ====$/gm) ?? []
        expect(headings).toHaveLength(ids.length)
        expect(digest.html || '').not.toContain('<h2>Mensagem 9')
      }
      expect(await singles()).toBe(singlesBefore)

      // Nothing is tried again: the refused lead waits in the lead desk, the others are sent.
      const refusedSoFar = smtp.refused.length
      const acceptedSoFar = smtp.messages.length
      // An hour passes: back-offs and the digest interval are over.
      await server.db.query(
        "update contact_submissions set created_at = created_at - interval '1 hour'",
      )
      await server.db.query(
        "update private.mail_sends set started_at = started_at - interval '1 hour'",
      )
      expect(await (await sweep(SWEEP_SECRET)).json()).toMatchObject({
        sent: 0,
        failed: 0,
        refused: 0,
      })
      expect(smtp.refused.length).toBe(refusedSoFar)
      expect(smtp.messages.length).toBe(acceptedSoFar)
    } finally {
      await server.db.query('update private.contact_settings set mail_per_hour = 20')
    }
  })
})
