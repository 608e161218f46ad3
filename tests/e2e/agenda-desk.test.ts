/**
 * The agenda in the lead desk, in Chromium on the server as `npm start` runs it: the team's
 * morning look at the day's meetings, one meeting cancelled with a message (queued for the
 * booking e-mails' sender), a day closed, a flood previewed, the calendar feed's address made
 * and read; axe on every state of the agenda's pages that desk-pages' walk (a meeting ahead,
 * one held and one cancelled, nothing closed, no calendar address) does not show.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { useDeskSite } from '../support/browser/lead-desk-site.ts'
import { localInstant, seedBookings } from '../support/seed-bookings.ts'

const desk = useDeskSite()

/** A word no other test uses, so each journey finds its own meetings in a shared database. */
let counter = 0
const marker = (label: string) => `${label}${Date.now().toString(36)}${(counter += 1)}`

const statusOf = async (id: string) =>
  (
    await desk
      .site()
      .db.query<{ status: string }>('select status from public.bookings where id = $1', [id])
  ).rows[0]?.status

const daySection = (page: Page, day: string) =>
  page.locator('section.day').filter({ has: page.locator(`time[datetime="${day}"]`) })

describe('the agenda in the lead desk', () => {
  it('shows today and the days ahead, opens a meeting and cancels it with a message (axe clean)', async () => {
    const { db } = desk.site()
    const tag = marker('Manha')
    const today = await localInstant(db, 0, '00:05')
    const later = await localInstant(db, 2, '15:00')
    const past = await localInstant(db, -1, '09:00')
    const [first, second, before] = await seedBookings(db, [
      { startsAt: today.instant, name: `Ana ${tag}`, company: 'Padaria Pão & Cia' },
      { startsAt: later.instant, name: `Bruno ${tag}`, note: 'Queremos um aplicativo.' },
      { startsAt: past.instant, name: `Caio ${tag}` },
    ])
    if (!first || !second || !before) throw new Error('not seeded')
    await db.query(
      `update private.busy_feed_status set last_success_at = now() - interval '1 day',
         last_error_at = now(), last_error = 'tempo esgotado'`,
    )

    const page = await desk.openSignedIn()
    await page.getByRole('link', { name: /^Agenda \(\d+ hoje\)$/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor()
    await page.getByRole('alert').filter({ hasText: 'tempo esgotado' }).waitFor()
    expect(await daySection(page, today.day).getByRole('heading').textContent()).toMatch(/^Hoje · /)
    await daySection(page, today.day)
      .getByRole('link', { name: `Ana ${tag}`, exact: true })
      .waitFor()
    expect(await daySection(page, later.day).textContent()).toContain('15:00–15:30')
    expect(await page.getByRole('link', { name: `Caio ${tag}`, exact: true }).count()).toBe(0)
    await expectNoAxeViolations(page, '/painel/agenda')

    await page.getByRole('link', { name: 'Passadas' }).click()
    await page.getByRole('link', { name: `Caio ${tag}`, exact: true }).waitFor()
    await expectNoAxeViolations(page, '/painel/agenda/passadas')
    await page.getByRole('link', { name: `Caio ${tag}`, exact: true }).click()
    await page.getByRole('heading', { level: 1, name: `Reunião com Caio ${tag}` }).waitFor()
    await page.getByLabel('Não compareceu').check()
    await page.getByRole('button', { name: 'Salvar resultado' }).click()
    await page.getByRole('status').filter({ hasText: 'Resultado salvo.' }).waitFor()
    expect(await statusOf(before.id)).toBe('no_show')
    await expectNoAxeViolations(page, '/painel/agenda/reunioes/:id (past)')

    await page.getByRole('link', { name: 'Voltar à agenda' }).click()
    await page.getByRole('link', { name: `Bruno ${tag}`, exact: true }).click()
    await page.getByRole('heading', { level: 1, name: `Reunião com Bruno ${tag}` }).waitFor()
    expect(await page.locator('dl.facts').textContent()).toContain('Queremos um aplicativo.')
    await page.getByLabel('Mensagem para a pessoa (opcional)').fill('Tivemos um imprevisto.')
    await page.getByLabel(/Confirmo que quero cancelar esta reunião/).check()
    await page.getByRole('button', { name: 'Cancelar reunião' }).click()
    await page.getByRole('status').filter({ hasText: 'Reunião cancelada.' }).waitFor()
    expect(await page.locator('.badge-booking-cancelled').textContent()).toBe('cancelada')
    expect(await page.getByRole('button', { name: 'Cancelar reunião' }).count()).toBe(0)
    const queued = await db.query(
      `select kind, recipient from private.booking_messages where booking_id = $1
        order by recipient`,
      [second.id],
    )
    expect(queued.rows).toEqual([
      { kind: 'cancellation', recipient: 'company' },
      { kind: 'cancellation', recipient: 'visitor' },
    ])
    await expectNoAxeViolations(page, '/painel/agenda/reunioes/:id (cancelled)')

    await page.getByRole('link', { name: 'Voltar à agenda' }).click()
    await page.getByRole('link', { name: 'Canceladas' }).click()
    await page.getByRole('link', { name: `Bruno ${tag}`, exact: true }).waitFor()
  })

  it('closes a day, previews a flood and makes the calendar address (axe clean)', async () => {
    const { db } = desk.site()
    const tag = marker('Dia')
    const day = await localInstant(db, 9, '11:00')
    const [meeting] = await seedBookings(db, [{ startsAt: day.instant, name: `Dora ${tag}` }])
    if (!meeting) throw new Error('not seeded')

    const page = await desk.openSignedIn({}, '/painel/agenda')
    await page.getByRole('link', { name: 'Dias fechados' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dias fechados' }).waitFor()
    await page.getByLabel('Dia', { exact: true }).fill(day.day)
    await page.getByLabel('Motivo (opcional)').fill('Feriado municipal')
    await page.getByRole('button', { name: 'Fechar o dia' }).click()
    await page.getByRole('alert').filter({ hasText: 'Ele não foi fechado.' }).waitFor()
    await page.getByRole('link', { name: `Dora ${tag}`, exact: true }).waitFor()
    await expectNoAxeViolations(page, '/painel/agenda/fechamentos (meetings in the way)')
    await page.getByLabel(/Cancelar também esta reunião/).check()
    await page.getByRole('button', { name: 'Fechar o dia' }).click()
    await page.getByRole('status').filter({ hasText: '1 reunião cancelada' }).waitFor()
    expect(
      await page.locator(`section[aria-labelledby="fechados"] time[datetime="${day.day}"]`).count(),
    ).toBe(1)
    expect(await statusOf(meeting.id)).toBe('cancelled')

    await page.getByRole('link', { name: 'Liberar agendamentos em massa' }).click()
    await page.getByLabel('Marcadas desde').fill('2026-01-01T08:00')
    await page.getByRole('button', { name: 'Ver o que será liberado' }).click()
    await page.getByRole('heading', { level: 1, name: 'Liberar agendamentos em massa' }).waitFor()
    await expectNoAxeViolations(page, '/painel/agenda/liberar?desde=…')

    await page.getByRole('link', { name: 'Assinar no seu calendário' }).click()
    await page.getByRole('button', { name: 'Criar o endereço' }).click()
    await page.getByRole('status').filter({ hasText: 'Endereço criado.' }).waitFor()
    const address = new URL(await page.getByLabel('Endereço da assinatura').inputValue())
    // On the site's public address (SITE_URL, here company.ts's), whatever host the browser used.
    expect(address.origin).toBe(company.siteUrl)
    expect(`${address.pathname}${address.search}`).toMatch(
      /^\/painel\/agenda\.ics\?chave=[0-9a-f]{64}$/,
    )
    await expectNoAxeViolations(page, '/painel/agenda/calendario (address made)')
    // What a calendar app does: fetch it with no cookie at all (here from this server).
    const response = await fetch(`${desk.site().url}${address.pathname}${address.search}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n/)
    await page.goto('/painel/agenda/calendario')
    expect(await page.getByLabel('Endereço da assinatura').count()).toBe(0)
  })

  it('shows holds apart, sees an attack by network and blocks it with one click (axe clean)', async () => {
    const { db } = desk.site()
    const tag = marker('Rede')
    const times = await Promise.all([11, 12, 13].map((n) => localInstant(db, n, '16:00')))
    const seeded = await seedBookings(
      db,
      times.map((time, n) => ({
        startsAt: time.instant,
        name: `Robô ${n} ${tag}`,
        clientIp: `2001:db8:77:${n + 1}::9`,
        status: 'pending' as const,
      })),
    )
    const page = await desk.openSignedIn({}, '/painel/agenda')
    await page.getByText('aguardando confirmação').first().waitFor()
    await expectNoAxeViolations(page, '/painel/agenda (holds waiting for their inbox)')
    await page.getByRole('link', { name: 'Redes e bloqueios' }).click()
    await page.getByRole('heading', { level: 1, name: 'Redes e bloqueios' }).waitFor()
    await expectNoAxeViolations(page, '/painel/agenda/redes')
    await page.getByRole('button', { name: 'Bloquear a rede 2001:db8:77::/48' }).click()
    await page.getByRole('status').filter({ hasText: 'Rede bloqueada por 30 dias.' }).waitFor()
    await page.getByRole('button', { name: 'Desbloquear a rede 2001:db8:77::/48' }).waitFor()
    await expectNoAxeViolations(page, '/painel/agenda/redes (a network blocked)')
    for (const hold of seeded) expect(await statusOf(hold?.id ?? '')).toBe('cancelled')
    await page.getByRole('button', { name: 'Desbloquear a rede 2001:db8:77::/48' }).click()
    await page.getByRole('status').filter({ hasText: 'Rede desbloqueada.' }).waitFor()
  })
})
