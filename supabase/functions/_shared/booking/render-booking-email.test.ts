import { simpleParser, type ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { createMessageBuilder } from '../../../../server/mail/outbox-transport.ts'
import {
  addressIn,
  calendarPartOf,
  icsAttachmentOf,
  manageTokenIn,
  parseInvitation,
} from '../../../../tests/support/booking-mail.ts'
import { COMPANY_DOMAIN, FORGED_NAMES } from '../../../../tests/support/forged-headers.ts'
import { toBookingMailMessage, type BookingMailSettings } from './booking-mail-delivery.ts'
import { company } from '../company/company.ts'
import { companyName } from '../company/company-name.ts'
import { toHeaderText } from '../mail/mail-header.ts'
import {
  renderBookingEmail,
  type BookedMeeting,
  type BookingMailKind,
  type BookingMailRecipient,
  type BookingMailRow,
} from './render-booking-email.ts'

const SETTINGS: BookingMailSettings = {
  to: 'contato@aurora.test',
  from: { name: 'Formulário do site', address: 'site@aurora.test' },
  siteUrl: 'https://www.aurora.test',
}
const TOKEN = 'c0ffee'.repeat(10) + 'c0ff'
const STAMP = new Date('2027-03-01T15:04:05Z')

const meeting = (overrides: Partial<BookedMeeting> = {}): BookedMeeting => ({
  id: '4006c108-dafc-42c3-a732-abd459288239',
  leadId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  status: 'confirmed',
  startsAt: new Date('2027-03-10T12:00:00Z'),
  endsAt: new Date('2027-03-10T12:30:00Z'),
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  company: 'Empresa Ltda.',
  note: 'Queremos um aplicativo para a equipe de campo.',
  timeZone: 'America/Manaus',
  companyTimeZone: 'America/Sao_Paulo',
  meetingUrl: 'https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4',
  cancelledBy: null,
  cancelMessage: null,
  holdUntil: new Date('2027-03-01T15:30:00Z'),
  ...overrides,
})

const row = (
  kind: BookingMailKind,
  recipient: BookingMailRecipient,
  overrides: { sequence?: number; token?: string | null; booking?: Partial<BookedMeeting> } = {},
): BookingMailRow => ({
  id: '1',
  kind,
  recipient,
  sequence: overrides.sequence ?? 0,
  manageToken:
    overrides.token !== undefined ? overrides.token : recipient === 'visitor' ? TOKEN : null,
  booking: meeting(overrides.booking),
})

const render = (mailRow: BookingMailRow) =>
  renderBookingEmail(mailRow, {
    siteUrl: SETTINGS.siteUrl,
    companyInbox: SETTINGS.to,
    stamp: STAMP,
  })

/** The e-mail exactly as the transport writes it, read back by a mail client's parser. */
const delivered = async (mailRow: BookingMailRow): Promise<ParsedMail> => {
  const message = toBookingMailMessage(mailRow, render(mailRow), SETTINGS)
  const built = await createMessageBuilder().sendMail(message)
  return simpleParser(built.message)
}

const invitationIn = (mail: ParsedMail) => {
  const part = calendarPartOf(mail)
  if (!part) throw new Error('no text/calendar part')
  return { part, event: parseInvitation(part.content) }
}

describe('the request to confirm a new booking', () => {
  // Typed by whoever booked, who may be a stranger to the inbox.
  const typed = {
    name: 'Promoção! Acesse https://golpe.example',
    company: 'Banco Falso S.A.',
    note: 'Sua conta foi bloqueada: https://golpe.example/desbloquear',
  }

  it('asks the inbox to confirm, with the time, the link and until when, and no invitation', async () => {
    const mail = await delivered(row('request', 'visitor', { booking: typed }))
    expect(calendarPartOf(mail)).toBeUndefined()
    expect(icsAttachmentOf(mail)).toBeUndefined()
    expect(addressIn(mail.to)).toBe('ana@empresa.com.br')
    expect(addressIn(mail.replyTo)).toBe('contato@aurora.test')
    expect(mail.subject).toBe('Confirme sua consultoria: 10/03/2027 às 08:00')
    for (const body of [mail.text ?? '', String(mail.html)]) {
      expect(body).toContain('quarta-feira, 10/03/2027, das 08:00 às 08:30')
      expect(body).toContain('quarta-feira, 10/03/2027, das 09:00 às 09:30')
      // 15:30Z on the visitor's clock (Manaus, GMT-4).
      expect(body).toMatch(/até 11:30 de 01\/03\/2027 \([^)]*Amazonas, GMT-4\)/)
      expect(manageTokenIn(body)).toBe(TOKEN)
      expect(body).toContain('Se não foi você quem pediu, ignore este e-mail')
    }
  })

  it('carries nothing the booker typed: no name, company, note or meeting room', async () => {
    const mail = await delivered(row('request', 'visitor', { booking: typed }))
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
    const everything = [mail.subject, mail.text, String(mail.html), to?.text].join('\n')
    for (const word of ['golpe.example', 'Promoção', 'Banco Falso', 'bloqueada', 'meet.jit.si']) {
      expect(everything).not.toContain(word)
    }
    expect(to?.value[0]?.name).toBe('')
  })
})

describe("the visitor's confirmation", () => {
  it('carries an invitation calendars show as an event, with every field they need', async () => {
    const mail = await delivered(row('confirmation', 'visitor'))
    const { part, event } = invitationIn(mail)
    expect(part.type).toBe('text/calendar')
    expect(part.params).toMatchObject({ method: 'REQUEST' })
    expect(part.params.charset?.toUpperCase()).toBe('UTF-8')
    expect(icsAttachmentOf(mail)).toBe('convite.ics')
    expect(event).toMatchObject({
      method: 'REQUEST',
      events: 1,
      uid: '4006c108-dafc-42c3-a732-abd459288239',
      sequence: 0,
      stamp: '2027-03-01T15:04:05Z',
      start: '2027-03-10T12:00:00Z',
      end: '2027-03-10T12:30:00Z',
      zoned: false,
      summary: `Consultoria gratuita com ${companyName.the}`,
      location: 'https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4',
      url: 'https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4',
      status: 'CONFIRMED',
      organizer: { address: 'mailto:contato@aurora.test', name: company.name },
      attendees: [
        {
          address: 'mailto:ana@empresa.com.br',
          name: 'Ana Souza',
          rsvp: 'TRUE',
          partstat: 'NEEDS-ACTION',
        },
      ],
    })
    expect(event.description).toContain(`https://www.aurora.test/agendar/gerenciar#${TOKEN}`)
  })

  it("says the time on the visitor's clock and the company's, the room, and the manage link", async () => {
    const mail = await delivered(row('confirmation', 'visitor'))
    expect(addressIn(mail.to)).toBe('ana@empresa.com.br')
    expect(mail.from?.value[0]).toEqual({ name: company.name, address: 'site@aurora.test' })
    expect(addressIn(mail.replyTo)).toBe('contato@aurora.test')
    expect(mail.subject).toBe('Consultoria confirmada: 10/03/2027 às 08:00')
    for (const body of [mail.text ?? '', String(mail.html)]) {
      expect(body).toContain('quarta-feira, 10/03/2027, das 08:00 às 08:30')
      expect(body).toMatch(/Amazonas, GMT-4\)/)
      expect(body).toContain('quarta-feira, 10/03/2027, das 09:00 às 09:30')
      expect(body).toMatch(/Brasília, GMT-3\)/)
      expect(body).toContain('https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4')
      expect(manageTokenIn(body)).toBe(TOKEN)
    }
    expect(mail.text).toContain('Não é preciso criar conta.')
    expect(mail.headers.get('x-lead-id')).toBe('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')
  })

  it('names one clock only when the visitor reads the same time as the company', () => {
    const email = render(row('confirmation', 'visitor', { booking: { timeZone: 'America/Bahia' } }))
    expect(email.text.match(/das 09:00 às 09:30/g)).toHaveLength(1)
    expect(email.text).not.toContain(`No horário ${companyName.of}`)
  })

  it("uses the company's clock for a zone this runtime does not know", () => {
    const email = render(row('confirmation', 'visitor', { booking: { timeZone: 'Marte/Olimpo' } }))
    expect(email.subject).toBe('Consultoria confirmada: 10/03/2027 às 09:00')
  })

  it('asks for a reply instead of a link when the row has no token (queued before links)', () => {
    const email = render(row('confirmation', 'visitor', { token: null }))
    expect(manageTokenIn(email.text)).toBeUndefined()
    expect(email.text).toContain('Para cancelar ou escolher outro horário, responda a este e-mail.')
    expect(parseInvitation(email.invitation?.content ?? '').description).not.toContain('gerenciar')
  })

  it("does not promise a room without an account when the company's room is another service", () => {
    const email = render(
      row('confirmation', 'visitor', { booking: { meetingUrl: 'https://meet.example.com/sala' } }),
    )
    expect(email.text).toContain('https://meet.example.com/sala')
    expect(email.text).not.toContain('criar conta')
  })
})

describe('one event for the whole booking', () => {
  it('keeps the UID and raises SEQUENCE from confirmation to update to cancellation', async () => {
    const confirmed = invitationIn(await delivered(row('confirmation', 'visitor'))).event
    const moved = invitationIn(
      await delivered(
        row('update', 'visitor', {
          sequence: 1,
          booking: {
            startsAt: new Date('2027-03-11T17:30:00Z'),
            endsAt: new Date('2027-03-11T18:00:00Z'),
          },
        }),
      ),
    )
    const cancelled = invitationIn(
      await delivered(
        row('cancellation', 'visitor', {
          sequence: 2,
          token: null,
          booking: {
            status: 'cancelled',
            cancelledBy: 'company',
            cancelMessage: 'Tivemos um imprevisto; podemos remarcar?',
          },
        }),
      ),
    )
    expect(new Set([confirmed.uid, moved.event.uid, cancelled.event.uid]).size).toBe(1)
    expect([confirmed.sequence, moved.event.sequence, cancelled.event.sequence]).toEqual([0, 1, 2])
    expect(moved.part.params.method).toBe('REQUEST')
    expect(moved.event).toMatchObject({
      method: 'REQUEST',
      status: 'CONFIRMED',
      start: '2027-03-11T17:30:00Z',
      end: '2027-03-11T18:00:00Z',
    })
    expect(cancelled.part.params.method).toBe('CANCEL')
    expect(cancelled.event).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' })
    expect(cancelled.event.attendees[0]).toMatchObject({ address: 'mailto:ana@empresa.com.br' })
    expect(cancelled.event.description).toContain('Tivemos um imprevisto; podemos remarcar?')
  })

  it("tells the visitor of the company's cancellation with its message and a way to book again", () => {
    const email = render(
      row('cancellation', 'visitor', {
        sequence: 1,
        token: null,
        booking: { status: 'cancelled', cancelledBy: 'company', cancelMessage: 'Imprevisto.' },
      }),
    )
    expect(email.subject).toBe('Consultoria cancelada: 10/03/2027 às 08:00')
    expect(email.text).toContain(`${companyName.The} precisou cancelar`)
    expect(email.text).toContain('> Imprevisto.')
    expect(email.text).toContain('https://www.aurora.test/agendar')
    expect(email.text).not.toContain('meet.jit.si')
  })
})

describe('the reminder', () => {
  it('gives the time, the room and the manage link, without a second invitation', () => {
    const email = render(row('reminder', 'visitor', { sequence: 1 }))
    expect(email.invitation).toBeUndefined()
    expect(email.subject).toBe('Lembrete: consultoria 10/03/2027 às 08:00')
    expect(email.text).toContain('https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4')
    expect(manageTokenIn(email.text)).toBe(TOKEN)
  })
})

describe("the company's copy", () => {
  it("is the same event with the visitor's details and note, replying to the visitor", async () => {
    const mail = await delivered(row('confirmation', 'company'))
    expect(addressIn(mail.to)).toBe('contato@aurora.test')
    expect(mail.replyTo?.value).toEqual([{ name: 'Ana Souza', address: 'ana@empresa.com.br' }])
    expect(mail.subject).toBe('Nova consultoria agendada: Ana Souza, 10/03/2027 às 09:00')
    for (const shown of ['Ana Souza', 'ana@empresa.com.br', 'Empresa Ltda.', 'equipe de campo']) {
      expect(mail.text).toContain(shown)
    }
    expect(manageTokenIn(mail.text ?? '')).toBeUndefined()
    expect(manageTokenIn(String(mail.html))).toBeUndefined()
    const { event } = invitationIn(mail)
    expect(event).toMatchObject({
      method: 'REQUEST',
      uid: '4006c108-dafc-42c3-a732-abd459288239',
      summary: 'Consultoria gratuita: Ana Souza',
      attendees: [{ address: 'mailto:ana@empresa.com.br', rsvp: 'TRUE' }],
    })
    expect(event.description).toContain('equipe de campo')
    expect(event.description).not.toContain('gerenciar')
  })

  it.each(FORGED_NAMES)('shows $label as typed in the Subject and Reply-To', async ({ name }) => {
    const mail = await delivered(row('confirmation', 'company', { booking: { name } }))
    const typed = toHeaderText(name)
    expect(mail.subject).toBe(`Nova consultoria agendada: ${typed}, 10/03/2027 às 09:00`)
    expect(mail.replyTo?.value).toEqual([{ name: typed, address: 'ana@empresa.com.br' }])
    expect(`${mail.subject} ${mail.replyTo?.text}`).not.toContain('\u202E')
    // The visitor's own e-mail names them in To the same way.
    const theirs = await delivered(row('confirmation', 'visitor', { booking: { name } }))
    expect(theirs.to && !Array.isArray(theirs.to) && theirs.to.value).toEqual([
      { name: typed, address: 'ana@empresa.com.br' },
    ])
  })
})

describe('hostile text in the invitation', () => {
  const forger = `Ana "x":mailto:ceo@${COMPANY_DOMAIN}; ^ \\ , fim`
  const note = [
    'Linha 1; com, vírgulas \\ e barras',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:outro',
    'ATTENDEE:mailto:vitima@example.com',
    `${'ç'.repeat(120)}🎉${'é'.repeat(37)}`,
  ].join('\r\n')

  it.each<BookingMailRecipient>(['visitor', 'company'])(
    "keeps the %s's invitation one event with one attendee, the visitor, and the text as typed",
    (recipient) => {
      const email = render(row('confirmation', recipient, { booking: { name: forger, note } }))
      const event = parseInvitation(email.invitation?.content ?? '')
      expect(event.events).toBe(1)
      expect(event.uid).toBe('4006c108-dafc-42c3-a732-abd459288239')
      expect(event.attendees).toEqual([
        {
          address: 'mailto:ana@empresa.com.br',
          name: forger,
          rsvp: 'TRUE',
          partstat: 'NEEDS-ACTION',
        },
      ])
      expect(event.organizer.address).toBe('mailto:contato@aurora.test')
      expect(event.description).toContain(note.replace(/\r\n/g, '\n'))
      if (recipient === 'company') expect(event.summary).toBe(`Consultoria gratuita: ${forger}`)
    },
  )

  it('writes CRLF lines of at most 75 octets, folded between whole characters', () => {
    const email = render(row('confirmation', 'visitor', { booking: { name: forger, note } }))
    const content = email.invitation?.content ?? ''
    expect(content.endsWith('\r\n') || content.endsWith('END:VCALENDAR')).toBe(true)
    expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = content.split('\r\n')
    for (const line of lines) {
      const bytes = new TextEncoder().encode(line)
      expect(bytes.length, line).toBeLessThanOrEqual(75)
      // Every line is whole UTF-8 on its own: no character was cut in two.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(line)
    }
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
  })

  it("quotes the note's lines in the text, so none passes for one of the e-mail's own", () => {
    const email = render(
      row('confirmation', 'company', {
        booking: { note: 'Oi\nVideochamada: https://evil.example\u2028Nome: Outro' },
      }),
    )
    expect(email.text).toContain('> Videochamada: https://evil.example\n> Nome: Outro')
    expect(email.text).not.toMatch(/^Videochamada: https:\/\/evil/m)
    expect(email.html).not.toContain('<script')
    const marked = render(
      row('confirmation', 'company', { booking: { note: '<script>alert(1)</script>' } }),
    )
    expect(marked.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe("the company's WhatsApp in the booking e-mails", () => {
  it("links the visitor's e-mails to a chat with the company when it has a number, never the company's copy", async () => {
    // company.ts's number; a company without one (a fork that has not set it) gets no link.
    const link = company.whatsapp ? `https://wa.me/${company.whatsapp}?text=` : undefined
    for (const kind of ['confirmation', 'update', 'reminder', 'cancellation'] as const) {
      const mail = await delivered(row(kind, 'visitor'))
      if (link) {
        expect(mail.text, kind).toContain(link)
        expect(String(mail.html), kind).toContain(`href="${link}`)
      } else {
        expect(`${mail.text} ${String(mail.html)}`, kind).not.toContain('wa.me')
      }
    }
    const copy = await delivered(row('confirmation', 'company'))
    expect(copy.text).not.toContain('wa.me')
  })
})
