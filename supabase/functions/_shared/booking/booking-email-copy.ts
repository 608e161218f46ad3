import { company, type Company } from '../company/company.ts'
import { nameInSentence } from '../company/company-name.ts'
import type { MeetingTime } from './booking-times.ts'

/**
 * Every word the booking e-mails say, in the visitor's language, for a company (its name with
 * its article, its signature). The renderer (render-booking-email.ts) only arranges these; a
 * re-brand changes company.ts, a new wording changes this file. It lives under
 * supabase/functions/ because the Edge Function says them too.
 */

/** 'quarta-feira, 10/03/2027, das 09:00 às 09:30 (Horário de Brasília, GMT-3)' */
export const meetingWhen = ({ start, end }: MeetingTime): string =>
  `${start.weekday}, ${start.date}, das ${start.time} às ${end.time} (${start.zoneName}, ${start.offset})`

/** '10/03/2027 às 09:00', for subjects. */
export const meetingShort = ({ start }: MeetingTime): string => `${start.date} às ${start.time}`

export const bookingEmailCopyFor = (facts: Company) => {
  const companyName = nameInSentence(facts.name, facts.article)
  return {
    /** The invitation's title in the visitor's calendar, and the company's. */
    eventTitle: {
      visitor: `Consultoria gratuita ${companyName.with}`,
      company: (name: string) => `Consultoria gratuita: ${name}`,
    },
    /** The .ics file's name, beside the calendar part. */
    invitationFile: 'convite.ics',

    visitor: {
      subject: {
        request: (when: string) => `Confirme sua consultoria: ${when}`,
        confirmation: (when: string) => `Consultoria confirmada: ${when}`,
        update: (when: string) => `Consultoria remarcada: ${when}`,
        cancellation: (when: string) => `Consultoria cancelada: ${when}`,
        reminder: (when: string) => `Lembrete: consultoria ${when}`,
      },
      greeting: (name: string) => `Olá, ${name}!`,
      /**
       * The request to confirm carries none of what the visitor typed (name, company, note):
       * whoever typed this address may be a stranger to it, and its owner must read only the
       * company's words (decision 038).
       */
      request: {
        greeting: 'Olá!',
        opening: (minutes: number) =>
          `Recebemos um pedido para marcar uma consultoria gratuita de ${minutes} minutos ${companyName.with} para este endereço de e-mail.`,
        confirm: (until: string) =>
          `Para confirmar a reunião, abra o link abaixo e toque em “Confirmar reunião” até ${until}. Até lá, o horário fica reservado para você; depois, ainda dá para confirmar se ninguém o tiver escolhido.`,
        link: 'Confirmar a reunião',
        notMe:
          'Se não foi você quem pediu, ignore este e-mail: sem a confirmação, nenhuma reunião é marcada e o horário é liberado.',
      },
      opening: {
        confirmation: (minutes: number) =>
          `Sua consultoria gratuita de ${minutes} minutos ${companyName.with} está confirmada.`,
        update: () => `Sua consultoria gratuita ${companyName.with} mudou de horário.`,
        reminder: () => `Lembrete: sua consultoria gratuita ${companyName.with} está chegando.`,
        cancelledByVisitor: () =>
          `Sua consultoria gratuita ${companyName.with} foi cancelada, como você pediu.`,
        cancelledByCompany: () =>
          `${companyName.The} precisou cancelar a sua consultoria gratuita. Pedimos desculpas.`,
      },
      when: 'Quando',
      companyClock: `No horário ${companyName.of}`,
      meeting: 'Videochamada',
      meetingHint: 'Na hora marcada, abra o link no navegador do computador ou do celular.',
      /** Only for a Jitsi Meet room, where visitors join without an account (the host signs in). */
      noAccountNeeded: 'Não é preciso criar conta.',
      note: 'Assunto',
      manage: 'Para cancelar ou escolher outro horário',
      /** For an e-mail queued before its link could be written (the link cannot be rebuilt). */
      manageByReply: 'Para cancelar ou escolher outro horário, responda a este e-mail.',
      companyMessage: `Mensagem ${companyName.of}`,
      bookAgain: 'Se quiser, marque outro horário em',
      invitationAdds: 'O convite anexo coloca a reunião na sua agenda.',
      invitationRemoves: 'O convite anexo tira a reunião da sua agenda.',
      closing: 'Até breve,',
      /** Beside the company's WhatsApp link (company.ts), when it has a number. */
      whatsapp: 'Alguma dúvida? Fale com a gente pelo WhatsApp',
    },

    company: {
      subject: {
        confirmation: (name: string, when: string) => `Nova consultoria agendada: ${name}, ${when}`,
        update: (name: string, when: string) => `Consultoria remarcada: ${name}, ${when}`,
        cancellation: (name: string, when: string) => `Consultoria cancelada: ${name}, ${when}`,
      },
      opening: {
        confirmation: 'Uma consultoria gratuita foi agendada pelo site.',
        update: 'Quem agendou mudou a consultoria gratuita para este horário.',
        cancelledByVisitor: 'Quem agendou cancelou a consultoria gratuita.',
        cancelledByCompany: 'A consultoria gratuita foi cancelada pela empresa.',
      },
      when: 'Quando',
      visitorClock: 'No horário de quem agendou',
      name: 'Nome',
      email: 'E-mail',
      company: 'Empresa',
      meeting: 'Videochamada',
      note: 'Assunto',
      visitorMessage: 'Mensagem de quem agendou',
      messageSent: 'Mensagem enviada a quem agendou',
      replyHint: 'Responder a este e-mail responde a quem agendou.',
      invitationAdds: 'O convite anexo coloca a reunião na agenda.',
      invitationRemoves: 'O convite anexo tira a reunião da agenda.',
    },

    /** The signature under the visitor's e-mails. */
    signature: [facts.name, facts.phone, facts.inbox],
  } as const
}

/** The words of the booking e-mails, for any company. */
export type BookingEmailCopy = ReturnType<typeof bookingEmailCopyFor>

/** The words for the company of company.ts. */
export const bookingEmailCopy = bookingEmailCopyFor(company)
