import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ContactEmail } from '#shared/mail/render-contact-email.ts'
import type { DeskClient } from '../../../tests/support/desk-client.ts'
import { seedQuarantine } from '../../../tests/support/seed-quarantine.ts'
import { createTestApp } from '../../../tests/support/test-app.ts'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { deskBrowser, deskOptions, readPage, signInTo } from '../desk-test-kit.ts'
import type { LeadDeskOptions } from '../http/desk-env.ts'
import { purgeQuarantine } from './quarantine-purge.ts'

const DAY_MS = 24 * 60 * 60 * 1000

let db: Database
let options: LeadDeskOptions
let sent: ContactEmail[]
let mailWorks: boolean

const app = () =>
  createTestApp(db, {
    desk: options,
    sendEmail: async (email) => {
      if (!mailWorks) return { ok: false, reason: '451 try again later', permanent: false }
      sent.push(email)
      return { ok: true }
    },
  })

const signedIn = () => signInTo(app)
const page = (client: DeskClient, path = '/painel/quarentena') => readPage(client, path)

const quarantined = async () =>
  (
    await db.query<{ name: string }>(
      'select name from private.quarantined_submissions order by name',
    )
  ).rows.map((row) => row.name)

const ana = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  company: 'Padaria Pão & Cia',
  message: 'Olá! Colei esta mensagem do meu bloco de notas.\nQuero um site.',
  reason: 'too_fast' as const,
}
const bot = {
  name: 'Cheap Pills',
  email: 'spam@promo.example',
  message: 'Buy now',
  reason: 'trap_filled' as const,
}

beforeAll(async () => {
  db = await createTestDatabase()
  options = await deskOptions(db)
})
afterAll(() => db.close())
beforeEach(async () => {
  sent = []
  mailWorks = true
  await db.exec(
    'delete from contact_submissions; delete from private.quarantined_submissions; delete from private.lead_audit; delete from private.mail_sends; update private.contact_settings set quarantine_days = 14, quarantine_max_entries = 500',
  )
})

describe('the quarantine page', () => {
  it('lists every message whole, newest first, with its reason in Portuguese', async () => {
    await seedQuarantine(db, [
      {
        ...ana,
        quarantinedAt: new Date('2026-11-20T13:05:00Z'),
        utmSource: 'Instagram',
        utmCampaign: 'outono <b>',
      },
      { ...bot, quarantinedAt: new Date('2026-11-19T10:00:00Z') },
    ])
    const client = await signedIn()
    const html = await page(client)
    expect(html).toContain('<h1>Quarentena</h1>')
    expect(html).toContain('2 mensagens em quarentena')
    expect(html).toContain('apagadas sozinhas 14 dias depois de chegar')
    // Names are isolated from the text around them (layout/visitor-text.tsx).
    const heading = (name: string) => `Mensagem de <bdi class="visitor-text">${name}</bdi>`
    expect(html).toContain(heading('Ana Souza'))
    expect(html.indexOf(heading('Ana Souza'))).toBeLessThan(html.indexOf(heading('Cheap Pills')))
    expect(html).toContain('20/11/2026 10:05')
    expect(html).toContain('Padaria Pão &amp; Cia')
    expect(html).toContain('Olá! Colei esta mensagem do meu bloco de notas.\nQuero um site.')
    expect(html).toContain('Foi enviada poucos segundos depois de a página abrir')
    expect(html).toContain('Veio com o campo escondido preenchido')
    // Where each came from: a campaign tells a person's message from a bot's.
    expect(html).toContain(
      '<bdi class="visitor-text">instagram</bdi> · campanha <bdi class="visitor-text">outono &lt;b&gt;</bdi>',
    )
    expect(html).toContain('<dd>Direto (sem origem)</dd>')
    expect(html).not.toMatch(/<script|style=/i)
  })

  it('shows how many wait in the navigation of every page', async () => {
    await seedQuarantine(db, [ana, bot])
    const client = await signedIn()
    for (const path of ['/painel', '/painel/quarentena']) {
      // Marked as the page shown on its own page.
      expect(await page(client, path)).toMatch(
        /<a href="\/painel\/quarentena"( aria-current="page")?>Quarentena \(2\)<\/a>/,
      )
    }
  })

  it('says when it is empty, and when it is full', async () => {
    const client = await signedIn()
    expect(await page(client)).toContain('Nenhuma mensagem em quarentena.')
    await db.query('update private.contact_settings set quarantine_max_entries = 1')
    await seedQuarantine(db, [bot])
    expect(await page(client)).toContain('A quarentena está cheia (1 mensagem)')
  })

  it('pages through 20 at a time', async () => {
    await seedQuarantine(
      db,
      Array.from({ length: 23 }, (_, index) => ({ ...bot, name: `Robô ${index}` })),
    )
    const client = await signedIn()
    expect(await page(client)).toContain('Página 1 de 2')
    const second = await page(client, '/painel/quarentena?pagina=2')
    expect(second).toContain('Mensagem de <bdi class="visitor-text">Robô 22</bdi>')
    expect(second).not.toContain('Mensagem de <bdi class="visitor-text">Robô 0</bdi>')
  })
})

describe('restoring', () => {
  it('makes the message a lead, mails it once at once, and opens the lead', async () => {
    const [id] = await seedQuarantine(db, [
      { ...ana, quarantinedAt: new Date(Date.now() - DAY_MS), utmCampaign: 'outono' },
    ])
    const client = await signedIn()
    const restored = await client.post(`/painel/quarentena/${id}/restaurar`)
    expect(restored.status).toBe(303)
    const location = restored.headers.get('location') ?? ''
    expect(location).toMatch(/^\/painel\/contatos\/[0-9a-f-]{36}\?aviso=restaurado$/)
    const lead = await page(client, location)
    expect(lead).toContain('<h1>Contato de <bdi class="visitor-text">Ana Souza</bdi></h1>')
    expect(lead).toContain('agora é um contato, e a notificação foi enviada')
    // It keeps the campaign that brought it.
    expect(lead).toMatch(/De onde veio[\s\S]*outono/)
    expect(lead).toContain('<a href="/painel/quarentena">Quarentena (0)</a>')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.replyTo).toMatchObject({ address: ana.email })
    const rows = await db.query('select notified_at is not null as mailed from contact_submissions')
    expect(rows.rows).toEqual([{ mailed: true }])
    expect(await quarantined()).toEqual([])
    // A second click finds nothing more to restore, and mails nothing more.
    const again = await client.post(`/painel/quarentena/${id}/restaurar`)
    expect(again.headers.get('location')).toBe('/painel/quarentena')
    expect(sent).toHaveLength(1)
  })

  it('keeps the lead for the sweep when the mail server refuses, and says so', async () => {
    mailWorks = false
    const [id] = await seedQuarantine(db, [ana])
    const client = await signedIn()
    const restored = await client.post(`/painel/quarentena/${id}/restaurar`)
    expect(restored.headers.get('location')).toMatch(/\?aviso=restaurado-envio-falhou$/)
    const rows = await db.query(
      'select notified_at, notify_error from contact_submissions where email = $1',
      [ana.email],
    )
    expect(rows.rows).toEqual([{ notified_at: null, notify_error: '451 try again later' }])
  })

  it('refuses an entry the field rules refuse, and keeps it', async () => {
    const [id] = await seedQuarantine(db, [{ ...bot, email: 'sem arroba' }])
    const client = await signedIn()
    const refused = await client.post(`/painel/quarentena/${id}/restaurar`)
    expect(refused.headers.get('location')).toBe('/painel/quarentena?aviso=restauro-recusado')
    expect(await page(client, '/painel/quarentena?aviso=restauro-recusado')).toContain(
      'não segue as regras do formulário',
    )
    expect(await quarantined()).toEqual(['Cheap Pills'])
    expect(sent).toEqual([])
  })

  it('needs the session and its CSRF token, like every change', async () => {
    const [id] = await seedQuarantine(db, [ana])
    const client = await signedIn()
    expect(
      (await client.post(`/painel/quarentena/${id}/restaurar`, {}, { csrf: false })).status,
    ).toBe(403)
    const stranger = deskBrowser(app)
    const anonymous = await stranger.post(`/painel/quarentena/${id}/restaurar`, {}, { csrf: false })
    expect(anonymous.headers.get('location')).toBe('/painel/entrar')
    expect(await quarantined()).toEqual(['Ana Souza'])
  })
})

describe('deleting', () => {
  it('deletes one entry', async () => {
    const [, botId] = await seedQuarantine(db, [ana, bot])
    const client = await signedIn()
    const deleted = await client.post(`/painel/quarentena/${botId}/apagar`)
    expect(deleted.headers.get('location')).toBe('/painel/quarentena?aviso=quarentena-apagada')
    expect(await quarantined()).toEqual(['Ana Souza'])
  })

  it('deletes all only when confirmed', async () => {
    await seedQuarantine(db, [ana, bot])
    const client = await signedIn()
    const unconfirmed = await client.post('/painel/quarentena/apagar-todas')
    expect(unconfirmed.headers.get('location')).toBe('/painel/quarentena?aviso=quarentena-confirme')
    expect(await quarantined()).toHaveLength(2)
    const emptied = await client.post('/painel/quarentena/apagar-todas', { confirm: '1' })
    expect(emptied.headers.get('location')).toBe(
      '/painel/quarentena?aviso=quarentena-esvaziada&n=2',
    )
    expect(await page(client, emptied.headers.get('location') ?? '')).toContain(
      '2 mensagens apagadas da quarentena.',
    )
    expect(await quarantined()).toEqual([])
  })

  it('erases a visitor by e-mail in quarantine too (npm run leads -- erase)', async () => {
    await seedQuarantine(db, [ana, bot])
    const client = await signedIn()
    const response = await client.request('/painel/api/apagar', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await client.csrfToken() },
      body: JSON.stringify({ email: 'ANA@padaria.com.br' }),
    })
    expect(await response.json()).toEqual({ erased: 1, outboxFiles: 0 })
    expect(await quarantined()).toEqual(['Cheap Pills'])
  })
})

describe('the daily purge', () => {
  it('deletes what waited longer than QUARANTINE_DAYS', async () => {
    await db.query('update private.contact_settings set quarantine_days = 3')
    await seedQuarantine(db, [
      { ...bot, name: 'Velha', quarantinedAt: new Date(Date.now() - 4 * DAY_MS) },
      { ...bot, name: 'Nova', quarantinedAt: new Date(Date.now() - 2 * DAY_MS) },
    ])
    expect(await purgeQuarantine(db)).toBe(1)
    expect(await quarantined()).toEqual(['Nova'])
  })
})
