import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { contactFieldErrors } from '../../src/content/contact-errors.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'

interface Store {
  /** Extra startServer options for this store and a cleanup. */
  open(): Promise<{ env: Record<string, string>; close(): Promise<void> }>
}

const stores: [string, Store][] = [
  [
    'PGlite in a data folder',
    {
      async open() {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'contact-flow-'))
        return {
          env: { DATA_DIR: dataDir },
          close: () => rm(dataDir, { recursive: true, force: true }),
        }
      },
    },
  ],
  [
    'a real PostgreSQL server',
    {
      async open() {
        const postgres = await createPostgresDatabase()
        return { env: { DATABASE_URL: postgres.url }, close: postgres.stop }
      },
    },
  ],
]

const connect = (url: string, key = DEV_ANON_KEY): SupabaseClient =>
  createClient(url, key, {
    // Node 20 has no global WebSocket; ws's constructor type differs only in extra overloads.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
  })

let sequence = 0
const newMessage = (company: string | null = null) => {
  sequence += 1
  return {
    name: `Ana <b>Souza</b> ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company,
    message: `Olá! <script>alert(${sequence})</script> Quero um orçamento.`,
  }
}

describe.each(stores)('contact flow on %s', (_name, store) => {
  let server: RunningServer
  let smtp: SmtpCatcher
  let closeStore: () => Promise<void>
  let supabase: SupabaseClient

  const rowsFor = async (email: string) =>
    (
      await server.db.query<Record<string, unknown>>(
        'select * from contact_submissions where email = $1',
        [email],
      )
    ).rows

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
    const opened = await store.open()
    closeStore = opened.close
    server = await startServer(
      testSettings({
        PORT: '0',
        SMTP_URL: smtp.url,
        CONTACT_TO: 'owner@example.test',
        MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
        ...opened.env,
      }),
    )
    supabase = connect(server.url)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
    await closeStore?.()
  })

  it('stores one row and delivers one escaped e-mail that replies to the visitor', async () => {
    const message = newMessage()
    const { error } = await supabase.from('contact_submissions').insert(message)
    expect(error).toBeNull()
    const { data, error: invokeError } = await supabase.functions.invoke('send-contact-email', {
      body: message,
    })
    expect(invokeError).toBeNull()
    expect(data).toEqual({ ok: true, status: 'sent' })

    const rows = await rowsFor(message.email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: message.name, company: null, message: message.message })
    expect(rows[0]?.notified_at).not.toBeNull()

    const mail = smtp.messages.find((m) => m.replyTo?.value[0]?.address === message.email)
    expect(mail?.replyTo?.value[0]?.name).toBe(message.name)
    expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(
      'owner@example.test',
    )
    expect(mail?.html).toContain(`&lt;script&gt;alert(${sequence})&lt;/script&gt;`)
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.text).toContain(message.message)
  })

  it('does not mail the same submission twice', async () => {
    const message = newMessage('Empresa X')
    await supabase.from('contact_submissions').insert(message)
    await supabase.functions.invoke('send-contact-email', { body: message })
    const { error } = await supabase.functions.invoke('send-contact-email', { body: message })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect(
      smtp.messages.filter((m) => m.replyTo?.value[0]?.address === message.email),
    ).toHaveLength(1)
  })

  it("returns the database's message through the client's error on a constraint violation", async () => {
    const message = { ...newMessage(), email: 'not-an-email' }
    const { error } = await supabase.from('contact_submissions').insert(message)
    expect(error).toMatchObject({ code: '23514' })
    expect(error?.message).toBe(contactFieldErrors.email.invalid)
    expect(await rowsFor(message.email)).toHaveLength(0)
  })

  it('refuses a wrong key with 401', async () => {
    const message = newMessage()
    const { error, status } = await connect(server.url, 'sb_publishable_wrong')
      .from('contact_submissions')
      .insert(message)
    expect(status).toBe(401)
    expect(error?.message).toBe('Invalid API key')
    expect(await rowsFor(message.email)).toHaveLength(0)
  })

  it('lets anon neither read, change nor delete rows', async () => {
    const message = newMessage()
    await supabase.from('contact_submissions').insert(message)
    const before = await rowsFor(message.email)

    const read = await supabase.from('contact_submissions').select('*')
    expect(read.data).toBeNull()
    expect(read.error?.code).toBe('42501')
    const update = await supabase
      .from('contact_submissions')
      .update({ name: 'x' })
      .eq('email', message.email)
    expect(update.error?.code).toBe('42501')
    const removal = await supabase.from('contact_submissions').delete().eq('email', message.email)
    expect(removal.error?.code).toBe('42501')

    expect(await rowsFor(message.email)).toEqual(before)
  })

  it('keeps the row when the mail server is down, and the sweep delivers it once later', async () => {
    const message = newMessage()
    const { error } = await supabase.from('contact_submissions').insert(message)
    expect(error).toBeNull()
    const { port } = new URL(smtp.url)
    await smtp.stop()

    const { error: invokeError } = await supabase.functions.invoke('send-contact-email', {
      body: message,
    })
    expect(invokeError).toBeInstanceOf(FunctionsHttpError)
    expect((invokeError as FunctionsHttpError).context.status).toBe(502)
    const [row] = await rowsFor(message.email)
    expect(row?.notified_at).toBeNull()

    expect(row?.notify_error).toMatch(/ECONNREFUSED/)

    // The mail server is back on its address; time passes beyond the row's back-off, and the
    // sweep (what the server's timer and pg_cron call) sends it, once.
    smtp = await startSmtpCatcher({ port: Number(port) })
    await server.db.query(
      `update contact_submissions
          set next_notify_at = now(), created_at = created_at - interval '3 minutes'
        where email = $1`,
      [message.email],
    )
    // What pg_cron sends; anyone else is refused (hostile-mail.test.ts).
    const sweep = () =>
      supabase.functions.invoke('send-contact-email/retry', {
        body: {},
        headers: TEST_SWEEP_HEADERS,
      })
    expect((await sweep()).data).toMatchObject({ ok: true, sent: 1, failed: 0 })
    expect((await sweep()).data).toMatchObject({ ok: true, sent: 0 })
    expect(
      smtp.messages.filter((m) => m.replyTo?.value[0]?.address === message.email),
    ).toHaveLength(1)
    expect((await rowsFor(message.email))[0]).toMatchObject({
      notify_attempts: 2,
      notify_error: null,
    })
  })
})
