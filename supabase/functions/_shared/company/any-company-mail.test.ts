/**
 * The e-mails for any company: each generated company (tests/support/generated-companies.ts)
 * given to the renderers that take one, the booking e-mails of every kind with their calendar
 * invitation and the contact e-mail with its sender, built as the transport builds them and read
 * back by a mail client's parser. Each must speak for that company (its name with its article,
 * its signature, its inbox, its site, its WhatsApp only when it has one) and say nothing of this
 * company's (its facts in every form the fork-facts guard knows them) but what the two share.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { createMessageBuilder } from '../../../../server/mail/outbox-transport.ts'
import { calendarPartOf, parseInvitation } from '../../../../tests/support/booking-mail.ts'
import { spelledIn, spellingsLeftOf } from '../../../../tests/support/company-fact-spellings.ts'
import { generatedCompanies } from '../../../../tests/support/generated-companies.ts'
import { toBookingMailMessage } from '../booking/booking-mail-delivery.ts'
import {
  renderBookingEmail,
  type BookingMailKind,
  type BookingMailRecipient,
  type BookingMailRow,
} from '../booking/render-booking-email.ts'
import { readMailSettings } from '../mail/mail-settings.ts'
import { toMailMessage, type MailMessage } from '../mail/mail-transport.ts'
import { renderContactEmail } from '../mail/render-contact-email.ts'
import { company, type Company } from './company.ts'
import { nameInSentence } from './company-name.ts'

const STARTS = new Date('2027-03-10T13:00:00Z')
const TOKEN = 'c0ffee'.repeat(10) + 'c0ff'

/** Every e-mail a booking sends, to the visitor and to the company. */
const MAILS: readonly [BookingMailKind, BookingMailRecipient, 'visitor' | 'company' | null][] = [
  ['request', 'visitor', null],
  ['confirmation', 'visitor', null],
  ['confirmation', 'company', null],
  ['update', 'visitor', null],
  ['update', 'company', null],
  ['reminder', 'visitor', null],
  ['cancellation', 'visitor', 'visitor'],
  ['cancellation', 'visitor', 'company'],
  ['cancellation', 'company', 'company'],
]

const rowOf = (
  facts: Company,
  [kind, recipient, cancelledBy]: (typeof MAILS)[number],
): BookingMailRow => ({
  id: '1',
  kind,
  recipient,
  sequence: 1,
  manageToken: recipient === 'visitor' ? TOKEN : null,
  booking: {
    id: '4006c108-dafc-42c3-a732-abd459288239',
    leadId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    status: kind === 'cancellation' ? 'cancelled' : 'confirmed',
    startsAt: STARTS,
    endsAt: new Date(STARTS.getTime() + facts.consultationMinutes * 60_000),
    name: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    company: 'Padaria Pão Quente',
    note: 'Queremos um aplicativo para a equipe de campo.',
    // A visitor abroad: both clocks are written, the company's named after it.
    timeZone: 'Europe/Lisbon',
    companyTimeZone: facts.officeHours.timeZone,
    meetingUrl: 'https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4',
    cancelledBy,
    cancelMessage: cancelledBy === 'company' ? 'Surgiu um imprevisto.' : null,
    holdUntil: new Date('2027-03-09T13:00:00Z'),
  },
})

/** The message as a mail client reads it: headers, both parts and the invitation. */
const read = async (message: MailMessage) => {
  const mail: ParsedMail = await simpleParser(
    (await createMessageBuilder().sendMail(message)).message,
  )
  const ics = calendarPartOf(mail)?.content ?? ''
  const mailbox = (field: typeof mail.from) =>
    field && 'value' in field ? field.value.map(({ name, address }) => `${name} <${address}>`) : []
  return {
    mail,
    invitation: ics ? parseInvitation(ics) : undefined,
    texts: {
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: String(mail.html),
      from: mailbox(mail.from).join(', '),
      'reply-to': mailbox(mail.replyTo).join(', '),
      // Unfolded and unescaped, as a calendar reads it (RFC 5545 §3.1, §3.3.11).
      invitation: ics.replace(/\r\n[ \t]/g, '').replace(/\\([,;\\])/g, '$1'),
    },
  }
}

const settingsOf = (facts: Company) => {
  const result = readMailSettings({}, facts)
  if (!result.ok) throw new Error(result.problems.join(' '))
  return { ...result.settings, siteUrl: facts.siteUrl }
}

describe.each(generatedCompanies.map((generated) => [generated.label, generated] as const))(
  'the e-mails of a company %s',
  (_, { facts }) => {
    const name = nameInSentence(facts.name, facts.article)
    const left = spellingsLeftOf(company, facts).filter(({ fact }) => fact !== 'logo word')

    it('sends the contact e-mail to its inbox, from its sender, with nothing of this company', async () => {
      const settings = settingsOf(facts)
      const { mail, texts } = await read(
        toMailMessage(
          renderContactEmail({
            name: 'Ana Souza',
            email: 'ana@exemplo.com.br',
            company: null,
            message: 'Quero um site.',
          }),
          settings,
        ),
      )
      expect(mail.from?.value[0]).toEqual({ name: facts.mailSenderName, address: facts.inbox })
      expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(
        facts.inbox,
      )
      expect(spelledIn(texts, left)).toEqual([])
    })

    it('books in its name: every e-mail and invitation signed by it, with its article, and nothing of this company', async () => {
      const settings = settingsOf(facts)
      const minutes = `${facts.consultationMinutes} minutos`
      const chat = `https://wa.me/${facts.whatsapp}?text=`
      for (const mailOf of MAILS) {
        const [kind, recipient, cancelledBy] = mailOf
        const where = `${kind} to the ${recipient}${cancelledBy ? `, cancelled by the ${cancelledBy}` : ''}`
        const row = rowOf(facts, mailOf)
        const email = renderBookingEmail(row, {
          siteUrl: settings.siteUrl,
          companyInbox: settings.to,
          stamp: new Date('2027-03-01T15:04:05Z'),
          company: facts,
        })
        const { mail, invitation, texts } = await read(
          toBookingMailMessage(row, email, settings, facts),
        )
        expect(spelledIn(texts, left), where).toEqual([])
        if (recipient === 'visitor') {
          expect(mail.from?.value[0], where).toEqual({ name: facts.name, address: facts.inbox })
          expect(texts.text, where).toContain(`${facts.name}\n${facts.phone}\n${facts.inbox}`)
          expect(texts.text, where).toContain(`No horário ${name.of}`)
          // The chat beside the signature, but not in the request (nothing to talk about yet).
          if (facts.whatsapp && kind !== 'request') expect(texts.text, where).toContain(chat)
          else expect(`${texts.text}${texts.html}`, where).not.toContain('wa.me')
        } else {
          expect(mail.from?.value[0], where).toEqual({
            name: facts.mailSenderName,
            address: facts.inbox,
          })
        }
        if (kind === 'request')
          expect(texts.text).toContain(
            `uma consultoria gratuita de ${minutes} ${name.with} para este endereço`,
          )
        if (kind === 'confirmation' && recipient === 'visitor')
          expect(texts.text).toContain(
            `Sua consultoria gratuita de ${minutes} ${name.with} está confirmada.`,
          )
        if (kind === 'cancellation' && cancelledBy === 'company' && recipient === 'visitor') {
          expect(texts.text).toContain(`${name.The} precisou cancelar a sua consultoria gratuita.`)
          expect(texts.text).toContain(`Mensagem ${name.of}`)
        }
        if (invitation) {
          expect(invitation.organizer, where).toEqual({
            address: `mailto:${facts.inbox}`,
            name: facts.name,
          })
          expect(texts.invitation, where).toContain(
            `PRODID:-//${facts.name}//Agenda do site//PT-BR`,
          )
          if (recipient === 'visitor') {
            expect(invitation.summary, where).toBe(`Consultoria gratuita ${name.with}`)
            expect(invitation.description, where).toContain(`${facts.siteUrl}/agendar/`)
          }
        } else {
          expect(['request', 'reminder'], where).toContain(kind)
        }
      }
    })
  },
)
