import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { PHONE } from '../support/browser/devices.ts'
import { useDeskSite } from '../support/browser/lead-desk-site.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { waitFor } from '../support/wait.ts'

// A lead 30 hours old is late on the wall clock whatever the time of day (decision 070).
const desk = useDeskSite({ REPLY_CLOCK: 'clock' })
const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url))
const HOUR = 3_600_000

let counter = 0
const marker = (label: string) => `${label}${Date.now().toString(36)}${(counter += 1)}`

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('Answering leads in the desk', () => {
  it('shows who waits and for how long, oldest first, and answers one from its page, a template picked by a link (axe clean, phone and desktop)', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    const tag = marker('Espera')
    const [late, waiting] = await seedLeads(desk.site().db, [
      {
        name: `Laura Atrasada ${tag}`,
        email: `laura.${tag}@example.com`,
        message: `Preciso de um sistema ${tag}`,
        createdAt: new Date(Date.now() - 30 * HOUR),
      },
      {
        name: `Vítor Esperando ${tag}`,
        email: `vitor.${tag}@example.com`,
        company: 'Oficina do Vítor',
        message: `Queria um orçamento para um aplicativo.\nSegunda linha. ${tag}`,
        createdAt: new Date(Date.now() - 3 * HOUR),
      },
    ])
    const pages = { desktop: await desk.openSignedIn(), phone: await desk.openSignedIn(PHONE) }
    for (const [name, page] of Object.entries(pages)) {
      expect(await page.getByText(/contatos? esperam? a primeira resposta/).isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Ver os que esperam, mais antigos primeiro' }).click()
      await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
      const rows = await page.locator('tbody tr').allTextContents()
      const lateRow = rows.findIndex((row) => row.includes(`Laura Atrasada ${tag}`))
      const waitingRow = rows.findIndex((row) => row.includes(`Vítor Esperando ${tag}`))
      expect(lateRow).toBeGreaterThanOrEqual(0)
      expect(lateRow, 'the oldest first').toBeLessThan(waitingRow)
      expect(rows[lateRow]).toContain('atrasado: esperando há 1 dia e 6 h')
      expect(rows[waitingRow]).toContain('esperando há 3 h')
      await expectNoAxeViolations(page, `/painel/contatos waiting first (${name})`)
      await page.screenshot({ path: `${SCREENSHOT_DIR}desk-waiting-${name}.png`, fullPage: true })
      await page.getByRole('button', { name: 'Limpar filtros' }).click()
    }

    // The desk runs no script (its policy allows none): a template is picked by a link.
    const page = pages.desktop
    await page.goto(`/painel/contatos/${waiting}`)
    expect(await page.getByText(/Sem resposta há 3 h\. O prazo vence às/).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Propor uma conversa' }).click()
    const body = page.getByLabel('Resposta', { exact: true })
    expect(await body.inputValue()).toContain('Olá, Vítor!')
    expect(await body.inputValue()).toContain('/agendar')
    await body.fill(`${await body.inputValue()}\n\nAbraço, equipe.`)
    await expectNoAxeViolations(page, '/painel/contatos/:id with the reply form')
    await page.screenshot({ path: `${SCREENSHOT_DIR}desk-reply-desktop.png`, fullPage: true })
    await page.getByRole('button', { name: 'Enviar resposta' }).click()
    await page.getByRole('status').filter({ hasText: 'Resposta enviada' }).waitFor()
    expect(await page.getByText(/Respondido em 3 h .*resposta pelo painel/).isVisible()).toBe(true)
    expect(await page.getByText(/Resposta enviada: “Re: sua mensagem/).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Marcar como respondido' }).count()).toBe(0)
    await page.getByText('Ver o texto enviado').click()
    expect(await page.getByText('Abraço, equipe.').isVisible()).toBe(true)

    const { rows } = await desk
      .site()
      .db.query<{ sent: boolean }>(
        'select sent_at is not null as sent from private.lead_replies where lead_id = $1',
        [waiting],
      )
    expect(rows).toEqual([{ sent: true }])

    await page.goto(`/painel/contatos/${late}`)
    await page.getByRole('button', { name: 'Marcar como respondido' }).click()
    await page.getByRole('status').filter({ hasText: 'marcado como respondido' }).waitFor()
    expect(
      await page
        .getByText(/marcado como respondido/)
        .first()
        .isVisible(),
    ).toBe(true)

    const phone = pages.phone
    await phone.goto(`/painel/contatos/${waiting}`)
    expect(await fitsWidth(phone)).toBe(true)
    await phone.screenshot({ path: `${SCREENSHOT_DIR}desk-reply-phone.png`, fullPage: true })
  }, 150_000)

  it('shows an open incident across every page until it ends (axe clean)', async () => {
    const { db } = desk.site()
    // Mail has been failing for ten minutes, as the senders record it; the server's own watch
    // (every 15 s) opens the incident.
    await db.query("select private.note_mail_outcome(false, 'connect ECONNREFUSED 127.0.0.1:587')")
    await db.query("update private.mail_health set failing_since = now() - interval '10 minutes'")
    const page = await desk.openSignedIn(PHONE, '/painel')
    const banner = page.getByRole('region', { name: /Alerta: algo no site precisa de atenção/ })
    await waitFor(
      'the watch to open the incident',
      async () => {
        await page.goto('/painel')
        return banner.count()
      },
      (count) => count === 1,
      { timeoutMs: 45_000, intervalMs: 1_000 },
    )
    for (const path of ['/painel', '/painel/contatos', '/painel/agenda', '/painel/webhooks']) {
      await page.goto(path)
      expect(await banner.isVisible(), path).toBe(true)
      expect(await banner.textContent()).toContain('O envio de e-mails está falhando')
      expect(await banner.textContent()).toContain('SMTP_URL')
      expect(await fitsWidth(page), path).toBe(true)
    }
    await expectNoAxeViolations(page, '/painel/webhooks with the incident banner')
    await page.screenshot({ path: `${SCREENSHOT_DIR}desk-incident-phone.png`, fullPage: true })
    // An e-mail goes out: mail is back, and the watch closes the incident.
    await db.query('select private.note_mail_outcome(true, null)')
    await waitFor(
      'the banner to go',
      async () => {
        await page.goto('/painel')
        return banner.count()
      },
      (count) => count === 0,
      { timeoutMs: 45_000, intervalMs: 1_000 },
    )
  }, 120_000)

  it('tells on the overview how fast leads are answered, week by week (axe clean)', async () => {
    const page = await desk.openSignedIn({}, '/painel')
    const table = page.getByRole('table', { name: /Tempo até a primeira resposta por semana/ })
    expect(await table.locator('tbody tr').count()).toBe(12)
    expect(await table.locator('tbody tr').last().textContent()).toMatch(/\(atual\)/)
    await expectNoAxeViolations(page, '/painel with the answer times')
    await page.screenshot({ path: `${SCREENSHOT_DIR}desk-overview-answers.png`, fullPage: true })
  })
})
