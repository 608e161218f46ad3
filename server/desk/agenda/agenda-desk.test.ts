import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetAgenda, setAgenda, localSlots, TEST_AGENDA } from '../../../tests/support/booking.ts'
import type { DeskClient } from '../../../tests/support/desk-client.ts'
import { tableRow, writeHostileSectionAfterAll } from '../../../tests/support/hostile-table.ts'
import { localInstant, seedBookings } from '../../../tests/support/seed-bookings.ts'
import { createTestApp } from '../../../tests/support/test-app.ts'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import type { LeadDeskOptions } from '../http/desk-env.ts'
import { deskBrowser, deskOptions, readPage, signInTo } from '../desk-test-kit.ts'

let db: Database
let options: LeadDeskOptions

const app = () => createTestApp(db, { desk: options })

const signedIn = () => signInTo(app)
const page = readPage

const bookingRow = async (id: string) =>
  (
    await db.query<Record<string, unknown>>(
      `select b.status, b.cancelled_by, b.cancel_message, b.sequence, s.lead_status, s.message
         from public.bookings b join contact_submissions s on s.id = b.lead_id where b.id = $1`,
      [id],
    )
  ).rows[0]

const queued = async () =>
  (
    await db.query<{ booking_id: string; kind: string; recipient: string; sequence: number }>(
      `select booking_id, kind, recipient, sequence from private.booking_messages
        where sent_at is null order by booking_id, kind, recipient`,
    )
  ).rows

/** 'HH:MM' of an instant on a zone's clock. */
const clockIn = (timeZone: string, instant: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant)

/** The section of one local day on the agenda's page (up to the next day's). */
const daySection = (html: string, day: string) => {
  const start = html.indexOf(`<time datetime="${day}">`)
  if (start < 0) return ''
  const end = html.indexOf('<section class="day"', start)
  return html.slice(start, end < 0 ? undefined : end)
}

beforeAll(async () => {
  db = await createTestDatabase()
  options = await deskOptions(db)
})
afterAll(() => db.close())
beforeEach(async () => {
  await resetAgenda(db)
  await db.exec(`
    delete from contact_submissions;
    delete from private.booking_feed_token;
    delete from private.blocked_networks;
    update private.busy_feed_status
       set last_success_at = null, last_error_at = null, last_error = null, events = null;
  `)
})

describe('the agenda', () => {
  it("groups meetings from today on by the company's day and clock, with past and cancelled ones apart", async () => {
    const early = await localInstant(db, 0, '00:05')
    const late = await localInstant(db, 2, '23:45')
    const past = await localInstant(db, -1, '10:00')
    const cancelled = await localInstant(db, 1, '11:00')
    await seedBookings(db, [
      { startsAt: late.instant, name: 'Bruna Tardia' },
      { startsAt: early.instant, name: 'Ana Cedo', company: 'Padaria Pão & Cia' },
      { startsAt: past.instant, name: 'Caio Ontem' },
      { startsAt: cancelled.instant, name: 'Duda Desistiu', status: 'cancelled' },
    ])
    const client = await signedIn()
    const html = await page(client, '/painel/agenda')
    expect(html).toContain('<h1>Agenda</h1>')
    expect(html).toContain(`(${TEST_AGENDA.time_zone})`)
    // On its own page the link is marked as the page shown.
    expect(html).toContain('<a href="/painel/agenda" aria-current="page">Agenda (1 hoje)</a>')
    // Today first, named so; 23:45 in São Paulo is 02:45 UTC the next day, yet stays on its day.
    const today = daySection(html, early.day)
    expect(today).toMatch(/^<time datetime="[\d-]+">Hoje · /)
    expect(today).toContain('00:05–00:35')
    expect(today).toContain('<bdi class="visitor-text">Ana Cedo</bdi>')
    expect(today).toContain('Padaria Pão &amp; Cia')
    expect(daySection(html, late.day)).toContain('23:45–00:15')
    expect(daySection(html, late.day)).toContain('Bruna Tardia')
    expect(html.indexOf('Ana Cedo')).toBeLessThan(html.indexOf('Bruna Tardia'))
    expect(html).not.toContain('Caio Ontem')
    expect(html).not.toContain('Duda Desistiu')
    expect(html).not.toMatch(/<script|style=/i)

    const pastPage = await page(client, '/painel/agenda/passadas')
    expect(pastPage).toContain('Caio Ontem')
    expect(pastPage).not.toContain('Ana Cedo')
    const cancelledPage = await page(client, '/painel/agenda/canceladas')
    expect(cancelledPage).toContain('Duda Desistiu')
    expect(cancelledPage).toContain('cancelada')
    expect(cancelledPage).not.toContain('Bruna Tardia')
  })

  it("follows the company's time zone when it is not Brasília's", async () => {
    const late = await localInstant(db, 2, '23:45')
    await seedBookings(db, [{ startsAt: late.instant, name: 'Bruna Tardia' }])
    await setAgenda(db, {}, { time_zone: 'Asia/Tokyo' })
    const { rows } = await db.query<{ day: string }>(
      `select to_char($1::timestamptz at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day`,
      [late.instant],
    )
    const client = await signedIn()
    const html = await page(client, '/painel/agenda')
    expect(html).toContain('(Asia/Tokyo)')
    // 23:45 on the company's clock, on Tokyo's (11:45 from São Paulo's).
    const start = Date.parse(late.instant)
    expect(daySection(html, rows[0]?.day ?? '')).toContain(
      `${clockIn('Asia/Tokyo', start)}–${clockIn('Asia/Tokyo', start + 30 * 60_000)}`,
    )
  })

  it('shows what visitors typed isolated, with hidden characters as markers', async () => {
    const when = await localInstant(db, 1, '10:00')
    await seedBookings(db, [
      { startsAt: when.instant, name: 'Joao \u202Egnp.exe', company: 'Аurоra Digitаl' },
    ])
    const html = await page(await signedIn(), '/painel/agenda')
    expect(html).toContain('⟨U+202E⟩')
    expect(html).not.toContain('\u202E')
    expect(html).toContain('⚠ Alfabetos misturados: latino e cirílico')
  })

  it("says when the company's calendar cannot be read, and what is still in force", async () => {
    await db.exec(`
      insert into private.busy_times (starts_at, ends_at) values
        (now() + interval '1 day', now() + interval '1 day 1 hour'),
        (now() + interval '2 days', now() + interval '2 days 1 hour'),
        (now() - interval '2 days', now() - interval '2 days' + interval '1 hour');
    `)
    const client = await signedIn()
    expect(await page(client, '/painel/agenda')).toContain(
      'O calendário da empresa ainda não foi lido',
    )
    await db.query(
      `update private.busy_feed_status set last_success_at = now() - interval '3 hours',
         last_error_at = now() - interval '5 minutes', last_error = 'HTTP 404 ao baixar o calendário'`,
    )
    const failing = await page(client, '/painel/agenda')
    expect(failing).toMatch(/role="alert"><p>Não foi possível ler o calendário da empresa em/)
    expect(failing).toContain('(HTTP 404 ao baixar o calendário)')
    expect(failing).toContain('2 compromissos em vigor')
    await db.query(`update private.busy_feed_status set last_success_at = now()`)
    const fine = await page(client, '/painel/agenda')
    expect(fine).not.toContain('role="alert"')
    expect(fine).toContain('2 compromissos em vigor, descontados dos horários livres')
  })

  it('pages past meetings 50 at a time, newest first, and answers made-up page numbers', async () => {
    const past = await Promise.all(
      Array.from({ length: 55 }, (_, index) => localInstant(db, -1 - index, '10:00')),
    )
    await seedBookings(
      db,
      past.map((when, index) => ({ startsAt: when.instant, name: `Passada ${index}` })),
    )
    const client = await signedIn()
    const first = await page(client, '/painel/agenda/passadas')
    expect(first).toContain('55 reuniões')
    expect(first).toContain('Página 1 de 2')
    expect(first).toContain('>Passada 0<')
    expect(first).not.toContain('>Passada 54<')
    const second = await page(client, '/painel/agenda/passadas?pagina=2')
    expect(second).toContain('>Passada 54<')
    expect(second).not.toContain('>Passada 0<')
    expect(await page(client, '/painel/agenda/passadas?pagina=999')).toContain('Página 2 de 2')
    for (const hostile of ['0', '-1', '1e20', '2.5', '0x10', 'Infinity', '%00']) {
      const response = await client.request(`/painel/agenda/passadas?pagina=${hostile}`)
      expect([hostile, response.status]).toEqual([hostile, 404])
    }
  })
})

describe('one meeting', () => {
  it('shows everything about it, with its lead, and the lead links back to it', async () => {
    const when = await localInstant(db, 3, '14:30')
    const [booking] = await seedBookings(db, [
      {
        startsAt: when.instant,
        name: 'Ana Souza',
        email: 'ana@padaria.com.br',
        company: 'Padaria',
        note: 'Queremos um aplicativo\npara a equipe de campo.',
        timeZone: 'America/Manaus',
      },
    ])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    const html = await page(client, `/painel/agenda/reunioes/${booking.id}`)
    expect(html).toContain('<h1>Reunião com <bdi class="visitor-text">Ana Souza</bdi></h1>')
    expect(html).toContain(`<time datetime="${when.day}">`)
    expect(html).toContain(`14:30–15:00 (${TEST_AGENDA.time_zone})`)
    expect(html).toContain('No horário de quem marcou:')
    // 13:30 from São Paulo.
    expect(html).toContain(
      `${clockIn('America/Manaus', Date.parse(when.instant))} (America/Manaus)`,
    )
    expect(html).toContain('Queremos um aplicativo\npara a equipe de campo.')
    expect(html).toContain(`href="${booking.meetingUrl}"`)
    expect(html).toContain(`href="/painel/contatos/${booking.leadId}"`)
    expect(html).toContain('Cancelar reunião')
    // Its outcome waits for its time.
    expect(html).not.toContain('Salvar resultado')
    const lead = await page(client, `/painel/contatos/${booking.leadId}`)
    expect(lead).toContain(`href="/painel/agenda/reunioes/${booking.id}"`)
    expect(lead).toContain('(confirmada): ver na agenda')
  })

  it("shows no visitor's clock for a zone that is no IANA name, which PostgreSQL would read as an offset", async () => {
    const when = await localInstant(db, 3, '10:00')
    // Stored before zones were checked: 'Foo+99' is UTC−99 h to PostgreSQL.
    const [booking] = await seedBookings(db, [{ startsAt: when.instant, timeZone: 'Foo+99' }])
    if (!booking) throw new Error('not seeded')
    const html = await page(await signedIn(), `/painel/agenda/reunioes/${booking.id}`)
    expect(html).toContain('10:00–10:30 (America/Sao_Paulo)')
    expect(html).not.toContain('No horário de quem marcou:')
    expect(html).not.toContain('Foo+99')
  })

  it('cancels with a message: the visitor and the company each get a cancellation to send', async () => {
    const when = await localInstant(db, 3, '10:00')
    const [booking] = await seedBookings(db, [{ startsAt: when.instant, name: 'Ana Souza' }])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    const path = `/painel/agenda/reunioes/${booking.id}`

    const unconfirmed = await client.post(`${path}/cancelar`, { mensagem: 'Imprevisto.' })
    expect(unconfirmed.headers.get('location')).toBe(`${path}?aviso=cancelar-confirme`)
    const tooLong = await client.post(`${path}/cancelar`, {
      mensagem: 'x'.repeat(1001),
      confirm: '1',
    })
    expect(tooLong.headers.get('location')).toBe(`${path}?aviso=mensagem-longa`)
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' })
    expect(await queued()).toEqual([])

    const message = 'Tivemos um imprevisto.\r\nPodemos marcar outro dia?'
    const cancelled = await client.post(`${path}/cancelar`, { mensagem: message, confirm: '1' })
    expect(cancelled.headers.get('location')).toBe(`${path}?aviso=reuniao-cancelada`)
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'company',
      cancel_message: 'Tivemos um imprevisto.\nPodemos marcar outro dia?',
      sequence: 1,
      message: expect.stringMatching(/^Consultoria gratuita cancelada pelo site/),
    })
    expect(await queued()).toEqual([
      { booking_id: booking.id, kind: 'cancellation', recipient: 'company', sequence: 1 },
      { booking_id: booking.id, kind: 'cancellation', recipient: 'visitor', sequence: 1 },
    ])
    const shown = await page(client, `${path}?aviso=reuniao-cancelada`)
    expect(shown).toContain('Reunião cancelada. A pessoa e a caixa da empresa recebem')
    expect(shown).toContain('pela empresa')
    expect(shown).not.toContain('Cancelar reunião')

    const again = await client.post(`${path}/cancelar`, { confirm: '1' })
    expect(again.headers.get('location')).toBe(`${path}?aviso=ja-cancelada`)
    expect(await queued()).toHaveLength(2)
  })

  it('cancels nothing that has started', async () => {
    const when = await localInstant(db, -1, '10:00')
    const [booking] = await seedBookings(db, [{ startsAt: when.instant }])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    const path = `/painel/agenda/reunioes/${booking.id}`
    expect(await page(client, path)).not.toContain('Cancelar reunião')
    const refused = await client.post(`${path}/cancelar`, { confirm: '1' })
    expect(refused.headers.get('location')).toBe(`${path}?aviso=ja-passou`)
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' })
    expect(await queued()).toEqual([])
  })

  it('records held or no-show from the meeting’s start on, and either can replace the other', async () => {
    const [past, future] = await seedBookings(db, [
      { startsAt: (await localInstant(db, -1, '10:00')).instant },
      { startsAt: (await localInstant(db, 2, '10:00')).instant },
    ])
    if (!past || !future) throw new Error('not seeded')
    const client = await signedIn()
    const pastPath = `/painel/agenda/reunioes/${past.id}`
    expect(await page(client, pastPath)).toContain('Salvar resultado')
    const held = await client.post(`${pastPath}/resultado`, { resultado: 'held' })
    expect(held.headers.get('location')).toBe(`${pastPath}?aviso=resultado`)
    expect(await bookingRow(past.id)).toMatchObject({ status: 'held' })
    expect(await page(client, pastPath)).toContain('realizada')
    await client.post(`${pastPath}/resultado`, { resultado: 'no_show' })
    expect(await bookingRow(past.id)).toMatchObject({ status: 'no_show' })
    // Neither frees the slot or reaches the visitor.
    expect(await queued()).toEqual([])

    const futurePath = `/painel/agenda/reunioes/${future.id}`
    const early = await client.post(`${futurePath}/resultado`, { resultado: 'held' })
    expect(early.headers.get('location')).toBe(`${futurePath}?aviso=resultado-cedo`)
    expect(await bookingRow(future.id)).toMatchObject({ status: 'confirmed' })
    for (const value of ['cancelled', 'confirmed', '', 'HELD']) {
      const response = await client.post(`${pastPath}/resultado`, { resultado: value })
      expect([value, response.status]).toEqual([value, 400])
    }
  })

  it("keeps the lead's note from the meeting's page", async () => {
    const [booking] = await seedBookings(db, [
      { startsAt: (await localInstant(db, 2, '10:00')).instant },
    ])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    const path = `/painel/agenda/reunioes/${booking.id}`
    const saved = await client.post(`${path}/nota`, { note: 'Ligar antes.\r\nLevar proposta.' })
    expect(saved.headers.get('location')).toBe(`${path}?aviso=nota`)
    const { rows } = await db.query('select desk_note from contact_submissions where id = $1', [
      booking.leadId,
    ])
    expect(rows).toEqual([{ desk_note: 'Ligar antes.\nLevar proposta.' }])
    expect(await page(client, path)).toContain('Ligar antes.\nLevar proposta.</textarea>')
  })
})

describe('holds and the networks they come from (decision 038)', () => {
  it('shows holds waiting for their inbox apart from meetings, and holds never confirmed in no list', async () => {
    const [day2, day3, day4] = await Promise.all(
      [2, 3, 4].map((days) => localInstant(db, days, '10:00')),
    )
    const [meeting, waiting, expired] = await seedBookings(db, [
      { startsAt: day2?.instant ?? '', name: 'Reunião Confirmada' },
      { startsAt: day3?.instant ?? '', name: 'Aguardando Inbox', status: 'pending' },
      { startsAt: day4?.instant ?? '', name: 'Nunca Confirmou', status: 'expired' },
    ])
    if (!meeting || !waiting || !expired) throw new Error('not seeded')
    const client = await signedIn()
    const list = await page(client, '/painel/agenda')
    expect(daySection(list, day2?.day ?? '')).toContain('badge-booking-confirmed')
    const held = daySection(list, day3?.day ?? '')
    expect(held).toContain('Aguardando Inbox')
    expect(held).toContain(
      '<span class="badge badge-booking-pending">aguardando confirmação</span>',
    )
    // Not a meeting yet: no room to join from the list.
    expect(held).not.toContain('Entrar na reunião com Aguardando Inbox')
    expect(list).not.toContain('Nunca Confirmou')
    for (const view of ['passadas', 'canceladas']) {
      expect(await page(client, `/painel/agenda/${view}`)).not.toContain('Nunca Confirmou')
    }

    const waitingPage = await page(client, `/painel/agenda/reunioes/${waiting.id}`)
    expect(waitingPage).toContain('Aguardando a pessoa confirmar pelo link do e-mail até')
    // The company cannot send a stranger's address a cancellation of what was never a meeting.
    expect(waitingPage).not.toContain('Cancelar a reunião')
    const expiredPage = await page(client, `/painel/agenda/reunioes/${expired.id}`)
    expect(expiredPage).toContain('badge-booking-expired')
    expect(expiredPage).toContain('A pessoa não confirmou pelo e-mail a tempo')
  })

  it("lists the last day's bookings by network, and blocks one in one action, freeing what it booked", async () => {
    const days = await Promise.all([1, 2, 3, 4].map((n) => localInstant(db, n, '11:00')))
    const person = await localInstant(db, 5, '11:00')
    const seeded = await seedBookings(db, [
      ...days.map((day, n) => ({
        startsAt: day.instant,
        email: `robo${n}@example.com`,
        clientIp: `2001:db8:66:${n + 1}::1`,
        status: n < 2 ? ('pending' as const) : ('expired' as const),
      })),
      { startsAt: person.instant, email: 'pessoa@example.com', clientIp: '198.51.100.7' },
    ])
    const client = await signedIn()
    const html = await page(client, '/painel/agenda/redes')
    expect(html).toContain('5 agendamentos de 2 redes; 2 não confirmados a tempo.')
    const row = html.slice(html.indexOf('<td class="email">2001:db8:66::/48</td>'))
    // booked, addresses, waiting, unconfirmed, confirmed
    expect(row).toMatch(
      /^<td class="email">2001:db8:66::\/48<\/td><td>4<\/td><td>4<\/td><td>2<\/td><td>2<\/td><td>0<\/td>/,
    )
    expect(html).toContain('aria-label="Bloquear a rede 2001:db8:66::/48"')

    const blocked = await client.post('/painel/agenda/redes/bloquear', {
      rede: '2001:db8:66::/48',
      liberar: '1',
    })
    expect(blocked.headers.get('location')).toBe('/painel/agenda/redes?aviso=rede-bloqueada&n=2')
    const { rows } = await db.query<{ blocked: boolean }>(
      `select private.is_network_blocked('2001:db8:66:ff::1') as blocked`,
    )
    expect(rows[0]?.blocked).toBe(true)
    for (const hold of seeded.slice(0, 2)) {
      expect(await bookingRow(hold?.id ?? '')).toMatchObject({
        status: 'cancelled',
        lead_status: 'spam',
      })
    }
    expect(await bookingRow(seeded[4]?.id ?? '')).toMatchObject({ status: 'confirmed' })
    expect(await queued()).toEqual([])
    const after = await page(client, '/painel/agenda/redes?aviso=rede-bloqueada&n=2')
    expect(after).toContain('Rede bloqueada por 30 dias. 2 agendamentos futuros liberados')
    expect(after).toContain('<span class="badge badge-booking-cancelled">bloqueada</span>')
    expect(after).toMatch(/2001:db8:66::\/48: bloqueada em .*, até /)

    const lifted = await client.post('/painel/agenda/redes/desbloquear', {
      rede: '2001:db8:66::/48',
    })
    expect(lifted.headers.get('location')).toBe('/painel/agenda/redes?aviso=rede-desbloqueada')
    expect((await db.query('select * from private.blocked_networks')).rows).toEqual([])
  })

  it('blocks the network of one meeting from its page, and says so there', async () => {
    const [booking, unknown] = await seedBookings(db, [
      { startsAt: (await localInstant(db, 2, '14:00')).instant, clientIp: '203.0.113.45' },
      { startsAt: (await localInstant(db, 3, '14:00')).instant },
    ])
    if (!booking || !unknown) throw new Error('not seeded')
    const client = await signedIn()
    const path = `/painel/agenda/reunioes/${booking.id}`
    const before = await page(client, path)
    expect(before).toContain('Bloquear a rede de onde veio')
    expect(before).toContain('Rede 203.0.113.0/24.')
    const response = await client.post('/painel/agenda/redes/bloquear', {
      rede: '203.0.113.0/24',
      reuniao: booking.id,
    })
    expect(response.headers.get('location')).toBe(`${path}?aviso=rede-bloqueada&n=0`)
    const after = await page(client, `${path}?aviso=rede-bloqueada&n=0`)
    expect(after).toContain('Rede bloqueada por 30 dias.')
    expect(after).toContain('A rede 203.0.113.0/24 está bloqueada.')
    // Blocked, not freed: the meeting stays unless asked.
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' })
    expect(await page(client, `/painel/agenda/reunioes/${unknown.id}`)).toContain(
      'A rede de quem marcou não é conhecida',
    )
  })
})

describe('freeing junk bookings', () => {
  const seedFlood = async () => {
    const times = await Promise.all([1, 2, 3, 4].map((days) => localInstant(db, days, '10:00')))
    const past = await localInstant(db, -1, '10:00')
    return seedBookings(db, [
      { startsAt: times[0]?.instant ?? '', email: 'bot@junk.example', clientIp: '203.0.113.9' },
      { startsAt: times[1]?.instant ?? '', email: 'outro@junk.example', clientIp: '203.0.113.9' },
      { startsAt: past.instant, email: 'velho@junk.example', clientIp: '203.0.113.9' },
      { startsAt: times[2]?.instant ?? '', email: 'pessoa@example.com', clientIp: '198.51.100.7' },
      { startsAt: times[3]?.instant ?? '', email: 'anonimo@example.com' },
    ])
  }

  it('frees what is still to come from the address, tells no one, and marks the leads spam', async () => {
    const [bot, other, old, person] = await seedFlood()
    if (!bot || !other || !old || !person) throw new Error('not seeded')
    // A confirmation still waiting to go out to a stranger's address is dropped.
    await db.query(
      `insert into private.booking_messages (booking_id, kind, recipient, sequence)
       values ($1, 'confirmation', 'visitor', 0)`,
      [bot.id],
    )
    const client = await signedIn()
    const path = `/painel/agenda/reunioes/${bot.id}`
    const html = await page(client, path)
    expect(html).toContain('Todas deste e-mail: 1 reunião futura')
    expect(html).toContain('Todas deste endereço de internet: 2 reuniões futuras')

    const unconfirmed = await client.post(`${path}/liberar`, { por: 'endereco' })
    expect(unconfirmed.headers.get('location')).toBe(`${path}?aviso=liberar-confirme`)
    const released = await client.post(`${path}/liberar`, { por: 'endereco', confirm: '1' })
    expect(released.headers.get('location')).toBe(`${path}?aviso=liberadas&n=2`)
    for (const id of [bot.id, other.id]) {
      expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', lead_status: 'spam' })
    }
    expect(await bookingRow(old.id)).toMatchObject({ status: 'confirmed', lead_status: 'novo' })
    expect(await bookingRow(person.id)).toMatchObject({ status: 'confirmed', lead_status: 'novo' })
    expect(await queued()).toEqual([])
    expect(await page(client, `${path}?aviso=liberadas&n=2`)).toContain(
      '2 reuniões liberadas, sem avisar ninguém. Os contatos foram marcados como spam.',
    )
  })

  it('frees by e-mail, and offers no address for an unknown caller', async () => {
    const [, , , person, anonymous] = await seedFlood()
    if (!person || !anonymous) throw new Error('not seeded')
    const client = await signedIn()
    expect(await page(client, `/painel/agenda/reunioes/${anonymous.id}`)).toContain(
      'O endereço de internet de quem marcou não é conhecido.',
    )
    const byAddress = await client.post(`/painel/agenda/reunioes/${anonymous.id}/liberar`, {
      por: 'endereco',
      confirm: '1',
    })
    expect(byAddress.status).toBe(400)
    const path = `/painel/agenda/reunioes/${person.id}`
    const released = await client.post(`${path}/liberar`, { por: 'email', confirm: '1' })
    expect(released.headers.get('location')).toBe(`${path}?aviso=liberadas&n=1`)
    expect(await bookingRow(person.id)).toMatchObject({ status: 'cancelled', lead_status: 'spam' })
    expect(await bookingRow(anonymous.id)).toMatchObject({ status: 'confirmed' })
  })

  it('frees everything booked since an instant after showing what it would free', async () => {
    const [bot, other, old, person, anonymous] = await seedFlood()
    if (!bot || !other || !old || !person || !anonymous) throw new Error('not seeded')
    await db.query(
      "update public.bookings set created_at = now() - interval '2 days' where id = any($1)",
      [[person.id, anonymous.id]],
    )
    const { rows } = await db.query<{ since: string }>(
      `select to_char((now() - interval '1 day') at time zone s.time_zone, 'YYYY-MM-DD"T"HH24:MI')
              as since from private.booking_settings s`,
    )
    const since = rows[0]?.since ?? ''
    const client = await signedIn()
    expect(await page(client, '/painel/agenda/liberar')).toContain('Marcadas desde')
    const preview = await page(client, `/painel/agenda/liberar?desde=${since}`)
    expect(preview).toContain('2 reuniões futuras marcadas desde')
    expect(preview).toContain('bot@junk.example')
    expect(preview).not.toContain('pessoa@example.com')
    expect(await bookingRow(bot.id)).toMatchObject({ status: 'confirmed' })

    const unconfirmed = await client.post('/painel/agenda/liberar', { desde: since })
    expect(unconfirmed.headers.get('location')).toBe(
      `/painel/agenda/liberar?desde=${encodeURIComponent(since)}&aviso=liberar-confirme`,
    )
    const released = await client.post('/painel/agenda/liberar', { desde: since, confirm: '1' })
    expect(released.headers.get('location')).toBe('/painel/agenda?aviso=liberadas&n=2')
    expect(await bookingRow(bot.id)).toMatchObject({ status: 'cancelled', lead_status: 'spam' })
    expect(await bookingRow(person.id)).toMatchObject({ status: 'confirmed' })
    expect(await queued()).toEqual([])
    for (const hostile of ['ontem', '2026-02-30T10:00', '2026-11-24T25:00', '2026-11-24']) {
      const response = await client.request(
        `/painel/agenda/liberar?desde=${encodeURIComponent(hostile)}`,
      )
      expect([hostile, response.status]).toEqual([hostile, 400])
    }
  })
})

describe('closed days', () => {
  /** A day from the day after tomorrow on that the free times offer (every weekday open). */
  const openDay = async () => {
    await setAgenda(db, { BOOKING_HORIZON_DAYS: 30 }, { weekdays: [1, 2, 3, 4, 5, 6, 7] })
    const { rows } = await db.query<{ now: string; after: string }>(
      `select now()::text as now,
              ((now() at time zone s.time_zone)::date + 2)::text as after
         from private.booking_settings s`,
    )
    const { now = '', after = '' } = rows[0] ?? {}
    const day = [...new Set((await localSlots(db, now)).map((slot) => slot.slice(0, 10)))]
      .filter((candidate) => candidate >= after)
      .at(0)
    if (!day) throw new Error('no open day')
    const slotsOn = async () =>
      (
        await localSlots(
          db,
          (await db.query<{ now: string }>('select now()::text as now')).rows[0]?.now ?? '',
        )
      ).filter((slot) => slot.startsWith(day))
    return { day, slotsOn }
  }

  it('closes a day for the free times at once, lists it, and reopens it', async () => {
    const { day, slotsOn } = await openDay()
    expect(await slotsOn()).not.toEqual([])
    const client = await signedIn()
    const closed = await client.post('/painel/agenda/fechamentos', {
      dia: day,
      motivo: 'Aniversário da cidade',
    })
    expect(closed.headers.get('location')).toBe('/painel/agenda/fechamentos?aviso=dia-fechado')
    expect(await slotsOn()).toEqual([])
    const html = await page(client, '/painel/agenda/fechamentos?aviso=dia-fechado')
    expect(html).toContain('Dia fechado: nenhum horário é oferecido nele.')
    expect(html).toContain(`<time datetime="${day}">`)
    expect(html).toContain('Aniversário da cidade')
    const reopened = await client.post(`/painel/agenda/fechamentos/${day}/reabrir`)
    expect(reopened.headers.get('location')).toBe('/painel/agenda/fechamentos?aviso=dia-reaberto')
    expect(await slotsOn()).not.toEqual([])
  })

  it('keeps a day with meetings open and names them, until told to cancel them with notice', async () => {
    const { day, slotsOn } = await openDay()
    const { rows } = await db.query<{ instant: string }>(
      `select (($1::date + time '10:00') at time zone s.time_zone)::text as instant
         from private.booking_settings s`,
      [day],
    )
    const [booking] = await seedBookings(db, [
      { startsAt: rows[0]?.instant ?? '', name: 'Ana Marcada' },
    ])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    const refused = await client.post('/painel/agenda/fechamentos', { dia: day, motivo: 'Férias' })
    expect(refused.status).toBe(409)
    const html = await refused.text()
    expect(html).toContain('Este dia ainda tem 1 reunião marcada. Ele não foi fechado.')
    expect(html).toContain(`href="/painel/agenda/reunioes/${booking.id}"`)
    expect(html).toContain('<bdi class="visitor-text">Ana Marcada</bdi>')
    expect(html).toContain('value="Férias"')
    expect(html).toContain('Cancelar também esta reunião e avisar cada pessoa por e-mail.')
    expect((await db.query('select * from private.booking_closed_days')).rows).toEqual([])
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' })

    const closed = await client.post('/painel/agenda/fechamentos', {
      dia: day,
      motivo: 'Férias',
      cancelar: '1',
      mensagem: 'Fecharemos neste dia. Escolha outro horário, por favor.',
    })
    expect(closed.headers.get('location')).toBe('/painel/agenda/fechamentos?aviso=dia-fechado&n=1')
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'company',
      cancel_message: 'Fecharemos neste dia. Escolha outro horário, por favor.',
    })
    expect((await queued()).map((row) => [row.kind, row.recipient])).toEqual([
      ['cancellation', 'company'],
      ['cancellation', 'visitor'],
    ])
    expect(await slotsOn()).toEqual([])
  })

  it('shows the holidays of the booking horizon, saying which the agenda closes', async () => {
    await setAgenda(db, { BOOKING_HORIZON_DAYS: 366, BOOKING_CLOSE_ON_CORPUS_CHRISTI: false })
    const html = await page(await signedIn(), '/painel/agenda/fechamentos')
    expect(html).toMatch(/Natal \(sem consultorias\)/)
    expect(html).toMatch(/Tiradentes \(sem consultorias\)/)
    expect(html).toMatch(/Quarta-feira de Cinzas \(até as 14h\) \(sem consultorias até as 14:00\)/)
    expect(html).toMatch(/Corpus Christi \(aberto/)
  })

  it('refuses days that are not days, or have passed, keeping what was typed', async () => {
    const client = await signedIn()
    for (const [dia, words] of [
      ['2027-02-30', 'Escolha um dia válido.'],
      ['amanhã', 'Escolha um dia válido.'],
      ['2020-01-01', 'Escolha um dia de hoje em diante.'],
    ] as const) {
      const response = await client.post('/painel/agenda/fechamentos', { dia, motivo: 'Teste' })
      expect([dia, response.status]).toEqual([dia, 400])
      expect(await response.text()).toContain(words)
    }
    const long = await client.post('/painel/agenda/fechamentos', {
      dia: '2099-01-05',
      motivo: 'x'.repeat(201),
    })
    expect(long.status).toBe(400)
    expect((await db.query('select * from private.booking_closed_days')).rows).toEqual([])
    for (const day of ['banana', '2027-13-01', '2027-01-01%0d%0aX']) {
      const response = await client.post(`/painel/agenda/fechamentos/${day}/reabrir`)
      expect([day, response.status]).toEqual([day, 404])
    }
  })
})

describe('the calendar feed', () => {
  const makeFeed = async (client: DeskClient) => {
    const response = await client.post('/painel/agenda/calendario')
    expect(response.status).toBe(200)
    const html = await response.text()
    const url = /id="endereco" type="text" readonly="" value="([^"]+)"/.exec(html)?.[1]
    if (!url) throw new Error(`No address on the page:\n${html}`)
    return new URL(url.replaceAll('&amp;', '&'))
  }

  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))

  it('makes an address shown once, whose feed a calendar parser reads back', async () => {
    const future = await localInstant(db, 2, '10:00')
    const recent = await localInstant(db, -3, '15:00')
    const [ana, held, cancelled, old] = await seedBookings(db, [
      {
        startsAt: future.instant,
        name: 'Ana; Souza, \u202Eexe',
        company: 'Padaria, Pão & Cia',
        note: 'Linha 1\nLinha 2 com acentuação e muito texto '.repeat(6),
      },
      { startsAt: recent.instant, name: 'Bia Realizada', status: 'held' },
      { startsAt: (await localInstant(db, 3, '10:00')).instant, status: 'cancelled' },
      { startsAt: (await localInstant(db, -40, '10:00')).instant },
    ])
    if (!ana || !held || !cancelled || !old) throw new Error('not seeded')
    const client = await signedIn()
    expect(await page(client, '/painel/agenda/calendario')).toContain(
      'Nenhum endereço foi criado ainda.',
    )
    const url = await makeFeed(client)
    expect(url.pathname).toBe('/painel/agenda.ics')
    expect(url.searchParams.get('chave')).toMatch(/^[0-9a-f]{64}$/)
    // The database keeps its hash only, and the page does not show it again.
    const stored = await db.query('select token_hash from private.booking_feed_token')
    expect(JSON.stringify(stored.rows)).not.toContain(url.searchParams.get('chave'))
    const later = await page(client, '/painel/agenda/calendario')
    expect(later).toContain('Um endereço foi criado em')
    expect(later).not.toContain(url.searchParams.get('chave'))

    // A calendar app fetches it without any session.
    const response = await app().request(`${url.pathname}${url.search}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const text = await response.text()
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    )
    const parsed = events(text)
    expect(parsed.map((event) => event.uid).sort()).toEqual([ana.id, held.id].sort())
    const first = parsed.find((event) => event.uid === ana.id)
    expect(first?.startDate.zone?.tzid).toBe('UTC')
    expect(first?.startDate.toJSDate().toISOString()).toBe(new Date(future.instant).toISOString())
    expect(first?.endDate.toJSDate().getTime()).toBe(new Date(future.instant).getTime() + 1_800_000)
    expect(first?.summary).toBe('Consultoria: \u2068Ana; Souza, ⟨U+202E⟩exe\u2069')
    expect(first?.location).toBe(ana.meetingUrl)
    expect(first?.description).toContain('Empresa: \u2068Padaria, Pão & Cia\u2069')
    expect(first?.description).toContain('Linha 1\nLinha 2 com acentuação')
    expect(first?.description).toContain(`/painel/agenda/reunioes/${ana.id}`)
    expect(parsed.find((event) => event.uid === held.id)?.description).toContain(
      'Situação: realizada',
    )
  })

  it('builds the address on SITE_URL, whatever Host the request names', async () => {
    const [ana] = await seedBookings(db, [
      { startsAt: (await localInstant(db, 2, '10:00')).instant },
    ])
    const site = { ...options, siteUrl: 'https://www.empresa.example.com.br/' }
    const request = (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      headers.set('host', 'atacante.example')
      headers.set('x-forwarded-host', 'atacante.example')
      return Promise.resolve(createTestApp(db, { desk: site }).request(url, { ...init, headers }))
    }
    const client = await signInTo(() => ({ request }))
    const url = await makeFeed(client)
    expect(url.origin).toBe('https://www.empresa.example.com.br')
    expect(url.pathname).toBe('/painel/agenda.ics')
    const feed = await (await request(`${url.pathname}${url.search}`)).text()
    const [event] = events(feed)
    expect(event?.description).toContain(
      `https://www.empresa.example.com.br/painel/agenda/reunioes/${ana?.id}`,
    )
    expect(feed).not.toContain('atacante')
  })

  it('answers a wrong, old, malformed or missing token with the same 404', async () => {
    const client = await signedIn()
    const none = await app().request('/painel/agenda.ics?chave=' + 'a'.repeat(64))
    expect(none.status).toBe(404)
    const old = await makeFeed(client)
    const replaced = await client.post('/painel/agenda/calendario')
    expect(replaced.headers.get('location')).toBe('/painel/agenda/calendario')
    const current = await (async () => {
      const response = await client.post('/painel/agenda/calendario', { confirm: '1' })
      const html = await response.text()
      return new URL((/value="(http[^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&'))
    })()
    expect(current.searchParams.get('chave')).not.toBe(old.searchParams.get('chave'))
    const answers = []
    for (const query of [
      old.search,
      `?chave=${'0'.repeat(64)}`,
      `?chave=${current.searchParams.get('chave')?.toUpperCase()}`,
      `?chave=${current.searchParams.get('chave')?.slice(1)}`,
      '?chave=%00',
      '?chave=',
      '',
    ]) {
      const response = await app().request(`/painel/agenda.ics${query}`)
      answers.push({
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('cache-control'),
        body: await response.text(),
      })
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    expect(answers[0]).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      cache: 'private, no-store',
      body: 'Calendário não encontrado.\n',
    })
    const works = await app().request(`/painel/agenda.ics${current.search}`)
    expect(works.status).toBe(200)
    const head = await app().request(`/painel/agenda.ics${current.search}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe('bookings are leads', () => {
  it('are found by the search and the export, and erasing one removes it from agenda and feed', async () => {
    const when = await localInstant(db, 2, '10:00')
    const [booking] = await seedBookings(db, [
      { startsAt: when.instant, name: 'Joana Apagável', email: 'joana@example.com' },
    ])
    if (!booking) throw new Error('not seeded')
    const client = await signedIn()
    await client.post('/painel/filtro', { q: 'joana apagavel' })
    const list = await page(client, '/painel/contatos')
    expect(list).toContain('Joana Apagável')
    expect(list).toContain('Consultoria gratuita marcada pelo site')
    const csv = await (await client.request('/painel/exportar?formato=csv')).text()
    expect(csv).toContain('joana@example.com')

    const feedPage = await client.post('/painel/agenda/calendario')
    const feedUrl = (/value="(http[^"]+)"/.exec(await feedPage.text())?.[1] ?? '').replaceAll(
      '&amp;',
      '&',
    )
    const feedPath = new URL(feedUrl).pathname + new URL(feedUrl).search
    expect(await (await app().request(feedPath)).text()).toContain(booking.id)

    const erased = await client.post(`/painel/contatos/${booking.leadId}/apagar`, { confirm: '1' })
    expect(erased.headers.get('location')).toBe('/painel/contatos?aviso=apagado&n=1')
    expect(await page(client, '/painel/agenda')).not.toContain('Joana')
    expect(await page(client, '/painel/agenda/canceladas')).not.toContain('Joana')
    expect(await (await app().request(feedPath)).text()).not.toContain(booking.id)
    const gone = await client.request(`/painel/agenda/reunioes/${booking.id}`)
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('Reunião não encontrada')
  })
})

/** A value from a URL or a form that the agenda must read before using it. */
interface HostileAgendaCase {
  label: string
  method?: 'GET' | 'POST'
  /** With the id of a meeting still to come, booked by an unknown caller. */
  path: (id: string) => string
  form?: Record<string, string>
  /** No session: what a calendar app sends. */
  anonymous?: boolean
  status: number
  /** Where a 303 sends the browser (:id for the meeting's id). */
  location?: string
  /** Text the answer must show, or must not. */
  shows?: string
  not?: string
  /** What the answer does, for docs/hostile-inputs.md, when its status does not say it all. */
  answer?: string
}

const CRLF = '%0D%0ALocation:%20https:%2F%2Foutro.example'
const HOSTILE_AGENDA_CASES: HostileAgendaCase[] = [
  ...['1e20', '-1', '2.5', ''].map((page): HostileAgendaCase => ({
    label: `page number ${page === '' ? '(empty)' : page} of past meetings`,
    path: () => `/painel/agenda/passadas?pagina=${page}`,
    status: 404,
  })),
  {
    label: 'page number of 23 digits',
    answer: 'the last page',
    path: () => '/painel/agenda?pagina=99999999999999999999999',
    status: 200,
    shows: '<h1>Agenda</h1>',
  },
  {
    label: 'release notice counting 1e21 meetings',
    answer: 'the agenda, without a notice',
    path: () => '/painel/agenda?aviso=liberadas&n=1e21',
    status: 200,
    not: 'liberada',
  },
  { label: 'a meeting id that is no UUID', path: () => '/painel/agenda/reunioes/1', status: 404 },
  {
    label: "a meeting id with SQL (' or 1=1)",
    path: (id) => `/painel/agenda/reunioes/${id}'%20or%201=1`,
    status: 404,
  },
  ...['cancelar', 'resultado', 'nota', 'liberar'].map((action): HostileAgendaCase => ({
    label: `CR/LF and a header in the meeting id (POST ${action})`,
    method: 'POST',
    path: () => `/painel/agenda/reunioes/${CRLF}/${action}`,
    form: { confirm: '1', resultado: 'held', por: 'email' },
    status: 404,
  })),
  {
    label: 'a meeting that does not exist (POST resultado)',
    method: 'POST',
    path: () => '/painel/agenda/reunioes/00000000-0000-4000-8000-000000000000/resultado',
    form: { resultado: 'held' },
    status: 404,
  },
  {
    label: 'an outcome of "cancelled"',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/resultado`,
    form: { resultado: 'cancelled' },
    status: 400,
  },
  {
    label: 'an outcome with CR/LF',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/resultado`,
    form: { resultado: 'held\r\n' },
    status: 400,
  },
  {
    label: 'a release of "everything"',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/liberar`,
    form: { por: 'tudo', confirm: '1' },
    status: 400,
  },
  {
    label: 'a release by the address of an unknown caller',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/liberar`,
    form: { por: 'endereco', confirm: '1' },
    status: 400,
  },
  {
    label: 'a cancellation message of 1001 characters',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/cancelar`,
    form: { mensagem: 'x'.repeat(1001), confirm: '1' },
    status: 303,
    location: '/painel/agenda/reunioes/:id?aviso=mensagem-longa',
  },
  {
    label: 'a note of 5001 characters',
    method: 'POST',
    path: (id) => `/painel/agenda/reunioes/${id}/nota`,
    form: { note: 'x'.repeat(5001) },
    status: 303,
    location: '/painel/agenda/reunioes/:id?aviso=nota-longa',
  },
  ...(
    [
      ['31 February', '2027-02-31'],
      ['a word', 'amanhã'],
      ['a day long past', '2020-01-01'],
      ['a date with CR/LF', '2099-01-05\r\nX'],
    ] as const
  ).map(([label, dia]): HostileAgendaCase => ({
    label: `close ${label}`,
    answer: 'the page again, with what was typed and why',
    method: 'POST',
    path: () => '/painel/agenda/fechamentos',
    form: { dia, motivo: 'Teste' },
    status: 400,
  })),
  {
    label: 'close a day with a reason of 201 characters',
    answer: 'the page again, with what was typed and why',
    method: 'POST',
    path: () => '/painel/agenda/fechamentos',
    form: { dia: '2099-01-05', motivo: 'x'.repeat(201) },
    status: 400,
  },
  ...['banana', '2027-13-01', `2099-01-05${CRLF}`].map((day): HostileAgendaCase => ({
    label: `reopen "${decodeURIComponent(day).replace(/\r\n.*/, '⏎…')}"`,
    method: 'POST',
    path: () => `/painel/agenda/fechamentos/${day}/reabrir`,
    status: 404,
  })),
  ...['ontem', '2026-02-30T10:00', '2026-11-24T25:00', '2026-11-24'].map(
    (since): HostileAgendaCase => ({
      label: `release everything booked since "${since}"`,
      answer: 'the page, saying to pick a valid day and time; nothing freed',
      path: () => `/painel/agenda/liberar?desde=${encodeURIComponent(since)}`,
      status: 400,
    }),
  ),
  ...(
    [
      ['a word', 'nada', 'rede-invalida'],
      ['a block of the whole internet', '0.0.0.0/0', 'rede-larga'],
      ['an IPv4 /8', '10.0.0.0/8', 'rede-larga'],
      ['an IPv6 /16', '2001:db8::/16', 'rede-larga'],
      ['a mask past 128', '2001:db8::/129', 'rede-invalida'],
      ['an address with CR/LF', '203.0.113.9\r\nX', 'rede-invalida'],
      ['51 characters', `${'1'.repeat(49)}/1`, 'rede-invalida'],
    ] as const
  ).map(([label, rede, notice]): HostileAgendaCase => ({
    label: `block ${label}`,
    answer: 'back to the networks page, saying why; nothing blocked',
    method: 'POST',
    path: () => '/painel/agenda/redes/bloquear',
    form: { rede },
    status: 303,
    location: `/painel/agenda/redes?aviso=${notice}`,
  })),
  {
    label: 'block from a meeting whose id is no UUID',
    answer: 'back to the networks page, not to that address',
    method: 'POST',
    path: () => '/painel/agenda/redes/bloquear',
    form: { rede: 'nada', reuniao: `x${CRLF}` },
    status: 303,
    location: '/painel/agenda/redes?aviso=rede-invalida',
  },
  {
    label: 'unblock something that is no network',
    method: 'POST',
    path: () => '/painel/agenda/redes/desbloquear',
    form: { rede: "' or 1=1 --" },
    status: 303,
    location: '/painel/agenda/redes?aviso=rede-invalida',
  },
  ...(
    [
      ['no token', ''],
      ['an empty token', '?chave='],
      ['a token of 63 characters', `?chave=${'a'.repeat(63)}`],
      ['a token in upper case', `?chave=${'A'.repeat(64)}`],
      ['a token with a NUL byte', `?chave=${'a'.repeat(63)}%00`],
      ['a token twice', `?chave=${'a'.repeat(64)}&chave=${'b'.repeat(64)}`],
    ] as const
  ).map(([label, query]): HostileAgendaCase => ({
    label: `calendar feed with ${label}`,
    answer: '"Calendário não encontrado.", the same for every wrong token',
    anonymous: true,
    path: () => `/painel/agenda.ics${query}`,
    status: 404,
    shows: 'Calendário não encontrado.',
  })),
]

describe('hostile requests', () => {
  let hostileId = ''
  let desk: DeskClient | undefined
  const observed: { label: string; status: number; answer: string }[] = []
  const answerOf = (hostile: HostileAgendaCase, status: number, location: string | null) =>
    hostile.answer ??
    (location !== null
      ? `to ${location.replace(hostileId, ':id')}`
      : status === 404
        ? 'the desk\'s "not found" page'
        : status === 400
          ? 'refused; nothing changed'
          : '')

  writeHostileSectionAfterAll("The lead desk's agenda", () => [
    "## The lead desk's agenda",
    '',
    'Generated by `server/desk/agenda/agenda-desk.test.ts` (the same variable, signed in, against',
    'a meeting still to come booked by an unknown caller; the feed without a session): every page',
    'number, meeting id, day, instant and choice is read at the edge',
    '(`server/desk/http/request-values.ts`), none answers 500, and the meeting is unchanged after',
    'each.',
    '',
    '| # | input | status | answer |',
    '| - | ----- | ------ | ------ |',
    ...observed.map((o, n) => tableRow([n + 1, o.label, o.status, o.answer])),
    '',
    'Tested beside it: a request naming another `Host` (or `X-Forwarded-Host`) gets the',
    "calendar feed's secret address and its meetings' links on `SITE_URL` all the same; a",
    "meeting stored with a zone that is no IANA name (`Foo+99`) is shown on the company's clock,",
    'never on the offset PostgreSQL would read in it; `GET /painel?x` is the overview, and an',
    'old list link (`/painel?pagina=2`) a `302` no cache keeps (`server/desk/lead-desk.test.ts`).',
  ])

  it.each(HOSTILE_AGENDA_CASES.map((hostile, n) => [n + 1, hostile.label, hostile] as const))(
    '%i. %s',
    async (n, _label, hostile) => {
      const [booking] = await seedBookings(db, [
        { startsAt: (await localInstant(db, 2, '10:00')).instant, name: 'Hostil Teste' },
      ])
      hostileId = booking?.id ?? ''
      const before = await bookingRow(hostileId)
      desk ??= await signedIn()
      const client = hostile.anonymous ? deskBrowser(app) : desk
      const target = hostile.path(hostileId)
      const response =
        hostile.method === 'POST'
          ? await client.post(target, hostile.form)
          : await client.request(target)
      const location = response.headers.get('location')
      const text = await response.text()
      observed[n - 1] = {
        label: hostile.label,
        status: response.status,
        answer: answerOf(hostile, response.status, location),
      }
      expect(response.status).toBe(hostile.status)
      expect(location).toBe(hostile.location?.replace(':id', hostileId) ?? null)
      if (hostile.shows) expect(text).toContain(hostile.shows)
      if (hostile.not) expect(text).not.toContain(hostile.not)
      expect(await bookingRow(hostileId)).toEqual(before)
      expect(await queued()).toEqual([])
      expect((await db.query('select * from private.booking_closed_days')).rows).toEqual([])
      expect((await db.query('select * from private.blocked_networks')).rows).toEqual([])
    },
  )
})

describe('the session and CSRF guards', () => {
  it('needs a session for every page and the CSRF token for every change', async () => {
    const [booking] = await seedBookings(db, [
      { startsAt: (await localInstant(db, 2, '10:00')).instant },
    ])
    if (!booking) throw new Error('not seeded')
    const stranger = deskBrowser(app)
    for (const path of [
      '/painel/agenda',
      `/painel/agenda/reunioes/${booking.id}`,
      '/painel/agenda/redes',
    ]) {
      const response = await stranger.request(path)
      expect(response.headers.get('location')).toBe('/painel/entrar')
    }
    const client = await signedIn()
    const changes: [string, Record<string, string>][] = [
      [`/painel/agenda/reunioes/${booking.id}/cancelar`, { confirm: '1' }],
      [`/painel/agenda/reunioes/${booking.id}/liberar`, { por: 'email', confirm: '1' }],
      [`/painel/agenda/reunioes/${booking.id}/nota`, { note: 'x' }],
      ['/painel/agenda/fechamentos', { dia: '2099-01-05' }],
      ['/painel/agenda/liberar', { desde: '2020-01-01T00:00', confirm: '1' }],
      ['/painel/agenda/calendario', {}],
      ['/painel/agenda/redes/bloquear', { rede: '203.0.113.0/24', liberar: '1' }],
      ['/painel/agenda/redes/desbloquear', { rede: '203.0.113.0/24' }],
    ]
    for (const [path, fields] of changes) {
      const response = await client.post(path, fields, { csrf: false })
      expect([path, response.status]).toEqual([path, 403])
      const anonymous = await stranger.post(path, fields, { csrf: false })
      expect([path, anonymous.headers.get('location')]).toEqual([path, '/painel/entrar'])
    }
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' })
    expect((await db.query('select * from private.booking_closed_days')).rows).toEqual([])
    expect((await db.query('select * from private.booking_feed_token')).rows).toEqual([])
    expect((await db.query('select * from private.blocked_networks')).rows).toEqual([])
  })
})
