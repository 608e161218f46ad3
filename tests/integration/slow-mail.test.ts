/**
 * One lead, one e-mail, whatever the mail server does: slow to greet and slow to accept the
 * message, silent, or refusing. The real server on PGlite, real SMTP conversations. The time
 * limits are scaled down (the visitor's answer after 300 ms instead of 8 s) with the same
 * order as in production: the answer comes before any SMTP limit runs out.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { startScriptedSmtp, type ScriptedSmtp } from '../support/scripted-smtp.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'

// Each test opens its own PGlite server: on a busy shared machine that alone can take most
// of the default 30 s. Every wait inside is on a condition, never a fixed sleep.
const SLOW_MACHINE = { timeout: 120_000 }

let server: RunningServer | undefined
let smtp: ScriptedSmtp | undefined
let dataDir: string | undefined

afterEach(async () => {
  await server?.stop()
  await smtp?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  server = smtp = dataDir = undefined
})

const start = async (smtpUrl: string) => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'slow-mail-'))
  const base = testSettings({
    PORT: '0',
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
  })
  server = await startServer({
    ...base,
    mail: {
      ...base.mail,
      responseDeadlineMs: 300,
      smtpTimeouts: { connectionMs: 1_500, greetingMs: 1_500, socketMs: 1_500 },
    },
  })
  return server
}

let sequence = 0
/** Stores a lead and asks for its e-mail, as the site does; returns the function's answer. */
const submit = async (running: RunningServer) => {
  sequence += 1
  const lead = {
    name: `Ana ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company: null,
    message: `Mensagem ${sequence}`,
  }
  const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }
  const init = { method: 'POST', headers, body: JSON.stringify(lead) }
  expect((await fetch(`${running.url}/rest/v1/contact_submissions`, init)).status).toBe(201)
  const answer = await fetch(`${running.url}/functions/v1/send-contact-email`, init)
  return { lead, status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

const rowFor = async (running: RunningServer, email: string) =>
  (
    await running.db.query<{
      notified_at: Date | null
      notify_attempts: number
      notify_error: string | null
    }>(
      'select notified_at, notify_attempts, notify_error from contact_submissions where email = $1',
      [email],
    )
  ).rows[0]

/** The sweep, as the embedded timer and pg_cron run it, once the lead is old enough for it. */
const sweepNow = async (running: RunningServer) => {
  await running.db.query(
    "update contact_submissions set created_at = created_at - interval '3 minutes'",
  )
  const response = await fetch(`${running.url}/functions/v1/send-contact-email/retry`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json', ...TEST_SWEEP_HEADERS },
    body: '{}',
  })
  return (await response.json()) as Record<string, unknown>
}

describe('a mail server that is slow to greet and slow to accept the message', SLOW_MACHINE, () => {
  it('gets the visitor a quick "queued", and the lead exactly one e-mail', async () => {
    smtp = await startScriptedSmtp({ greetingDelayMs: 600, afterDataDelayMs: 600 })
    const running = await start(smtp.url)
    const { lead, status, body } = await submit(running)
    expect({ status, body }).toEqual({ status: 202, body: { ok: true, status: 'queued' } })
    // Answered before the mail server had even accepted the message.
    expect(smtp.messages).toHaveLength(0)

    // While the SMTP transaction is still open the lead is claimed: the sweep leaves it alone.
    expect(await sweepNow(running)).toMatchObject({ sent: 0, failed: 0 })
    const mailed = smtp.messages
    await waitFor(
      'the slow transaction to finish',
      () => mailed.length,
      (n) => n === 1,
    )
    await waitFor(
      'the lead to be marked sent',
      () => rowFor(running, lead.email),
      (row) => row?.notified_at != null,
    )
    expect(await sweepNow(running)).toMatchObject({ sent: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
    expect(await rowFor(running, lead.email)).toMatchObject({
      notify_attempts: 1,
      notify_error: null,
    })
  })
})

describe('a mail server that never says a word', SLOW_MACHINE, () => {
  it('answers every visitor the same way, records the failure, and never sends twice', async () => {
    smtp = await startScriptedSmtp({ silent: true })
    const running = await start(smtp.url)
    const first = await submit(running)
    const second = await submit(running)
    expect([first.status, second.status]).toEqual([202, 202])
    for (const { lead } of [first, second]) {
      const row = await waitFor(
        'the greeting timeout to be recorded',
        () => rowFor(running, lead.email),
        (found) => found?.notify_attempts === 1,
      )
      expect(row?.notified_at).toBeNull()
      expect(row?.notify_error).toMatch(/timeout|greeting/i)
    }
    expect(smtp.messages).toHaveLength(0)
  })
})

describe('a mail server that refuses connections', SLOW_MACHINE, () => {
  it('answers 502 at once, every time, and keeps the lead for the sweep', async () => {
    smtp = await startScriptedSmtp()
    const { url } = smtp
    await smtp.stop()
    smtp = undefined
    const running = await start(url)
    const answers = [await submit(running), await submit(running)]
    expect(answers.map((answer) => answer.status)).toEqual([502, 502])
    for (const { lead } of answers) {
      expect(await rowFor(running, lead.email)).toMatchObject({
        notified_at: null,
        notify_attempts: 1,
        notify_error: expect.stringMatching(/ECONNREFUSED/),
      })
    }
  })
})
