import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DeskClient } from '../../../tests/support/desk-client.ts'
import { createTestApp } from '../../../tests/support/test-app.ts'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { applyWebhookSettings } from '../../webhooks/apply-webhook-settings.ts'
import type { LeadDeskOptions } from '../http/desk-env.ts'
import { deskOptions, readPage, signInTo } from '../desk-test-kit.ts'

const SLACK_TOKEN = 'Xq7vT2mLp9sWb4nHc8dRf3Kz'
const SLACK = `https://hooks.slack.com/services/T0000/B0000/${SLACK_TOKEN}`
const MAKE = 'https://hook.eu1.make.com/k2lm9d8f7g6h5j4k3l2m1n0p9q8r7s6t'

let db: Database
let options: LeadDeskOptions

const signedIn = () => signInTo(() => createTestApp(db, { desk: options }))
const page = (client: DeskClient, path = '/painel/webhooks') => readPage(client, path)

const storeLead = (email: string) =>
  db.query(
    `insert into contact_submissions (name, email, company, message) values ('Ana', $1, null, 'Oi')`,
    [email],
  )

beforeAll(async () => {
  db = await createTestDatabase()
  options = await deskOptions(db)
})
afterAll(() => db.close())
beforeEach(async () => {
  await db.exec('delete from contact_submissions; delete from private.webhook_receivers')
})

describe('the webhooks page of the lead desk', () => {
  it('lists each receiver by host and hint, with what waits for it, and no address or secret', async () => {
    await applyWebhookSettings(
      db,
      [
        { url: SLACK, format: 'slack' },
        { url: MAKE, format: 'standard' },
      ],
      'https://www.example.com.br',
    )
    await storeLead('ana@example.com')
    const html = await page(await signedIn())
    expect(html).toContain('<a href="/painel/webhooks" aria-current="page">Webhooks</a>')
    expect(html).toContain('hooks.slack.com/services/…f3Kz')
    expect(html).toContain('hook.eu1.make.com/…7s6t')
    expect(html).toContain('Mensagem no Slack')
    expect(html).toContain('JSON assinado (Standard Webhooks)')
    expect(html.match(/<dt>Na fila<\/dt><dd>1<\/dd>/g)).toHaveLength(2)
    expect(html).toContain('<dt>Última entrega</dt><dd>nunca</dd>')
    expect(html).not.toContain(SLACK_TOKEN.slice(0, -4))
    expect(html).not.toContain('k2lm9d8f7g6h5j4k3l2m')
    // The payload links to the lead in this desk.
    const { rows } = await db.query<{ link: string }>(
      `select payload->'data'->'lead'->>'desk_url' as link from private.webhook_events`,
    )
    expect(rows[0]?.link).toMatch(
      /^https:\/\/www\.example\.com\.br\/painel\/contatos\/[0-9a-f-]{36}$/,
    )
  })

  it('keeps showing a receiver taken out of WEBHOOK_URLS while something waits for it, without "retry now"', async () => {
    await applyWebhookSettings(db, [{ url: SLACK, format: 'slack' }], undefined)
    await storeLead('ana@example.com')
    await applyWebhookSettings(db, [{ url: MAKE, format: 'standard' }], undefined)
    await storeLead('bia@example.com')
    const client = await signedIn()
    const html = await page(client)
    expect(html).toContain('Fora da configuração')
    expect(html.match(/<dt>Na fila<\/dt><dd>1<\/dd>/g)).toHaveLength(2)
    expect(html.match(/Tentar agora/g)).toHaveLength(1)
    const { rows } = await db.query<{ id: string }>(
      `select id::text from private.webhook_receivers where format = 'slack'`,
    )
    expect((await client.post(`/painel/webhooks/${rows[0]?.id}/tentar`)).status).toBe(404)
    await db.query('delete from contact_submissions')
    expect(await page(client)).not.toContain('hooks.slack.com')
  })

  it('answers 404 to a receiver id that is not one, and 403 to a "retry now" without the page’s token', async () => {
    await applyWebhookSettings(db, [{ url: MAKE, format: 'standard' }], undefined)
    const client = await signedIn()
    for (const id of ['0', '-1', '1e3', '99999999999999999999', "1'%20or%201=1", '999']) {
      expect((await client.post(`/painel/webhooks/${id}/tentar`)).status, id).toBe(404)
    }
    const { rows } = await db.query<{ id: string }>(
      `select id::text from private.webhook_receivers`,
    )
    const forged = await client.post(`/painel/webhooks/${rows[0]?.id}/tentar`, {}, { csrf: false })
    expect(forged.status).toBe(403)
    const retried = await client.post(`/painel/webhooks/${rows[0]?.id}/tentar`)
    expect(retried.headers.get('location')).toBe('/painel/webhooks?aviso=webhook-reativado')
  })
})
