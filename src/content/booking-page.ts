import { CalendarDays, Clock, Globe, Timer, Video } from 'lucide-react'
import { contactForm } from './contact.ts'
import { brand, companyName, contactFacts } from './site.ts'

/**
 * The booking pages as prerendered (src/sections/booking.tsx, manage-booking.tsx): everything
 * that does not depend on the free times or the booking. What the browser code says as it
 * goes is in booking-messages.ts, so the page's script carries only those words.
 */

/** The e-mail and phone, as links: the way to book without script, and for whoever prefers. */
export const bookingOtherWays = {
  /** On a line of its own on a phone (src/features/booking/other-ways.tsx). */
  question: 'Prefere combinar por e-mail ou telefone?',
  before: 'Escreva para ',
  email: contactFacts.email,
  emailSubject: 'Agendar consultoria gratuita',
  between: ' ou ligue para ',
  phone: contactFacts.phone,
  phoneHref: contactFacts.phoneHref,
  /** Kept on one line by the page: 'Seg-Sex, 9h-18h' broke at a hyphen on a phone. */
  hours: `(${contactFacts.hours}).`,
  /** On the page that manages a booking. */
  beforeOnManagePage: 'Para mudar a reunião por e-mail ou telefone, escreva para ',
} as const

export const bookingPage = {
  documentTitle: `Agende uma consultoria gratuita | ${brand.name}`,
  description: `Escolha o dia e o horário de uma conversa de ${contactFacts.consultation} por vídeo ${companyName.with}: conte sua ideia e receba uma orientação inicial, sem compromisso.`,
  badge: `Consultoria gratuita de ${contactFacts.consultation}`,
  title: 'Agende uma reunião',
  intro: `Uma conversa de ${contactFacts.consultation} por vídeo, sem compromisso: conte sua ideia e receba uma orientação inicial. Escolha o dia e o horário que preferir.`,
  /** With JavaScript off, above the e-mail and phone. */
  noScript:
    'Para escolher um horário nesta página, ative o JavaScript do navegador. Ou combine a reunião com a gente:',
  loading: 'Carregando horários…',
  /** Scripting on, but the page's script never ran (a blocker, a lost connection). */
  scriptStalled:
    'Os horários não carregaram nesta página. Recarregue para tentar de novo, ou combine a reunião com a gente:',
  fields: {
    name: contactForm.fields.name,
    email: contactForm.fields.email,
    company: contactForm.fields.company,
    note: {
      label: 'Sobre o que quer conversar?',
      placeholder: 'Ex.: queremos um aplicativo para a equipe de campo.',
      rows: 4,
    },
  },
  trap: contactForm.trap,
  details: 'Seus dados',
  chosen: 'Horário escolhido:',
  submit: 'Confirmar agendamento',
  privacy: { ...contactForm.privacy, before: 'Ao agendar, você concorda com a nossa ' },
  /**
   * What the visitor is booking, beside the picker (below it on a phone, above the button).
   * The script fills in the zone, day and time; until a pick, each says what to pick.
   */
  summary: {
    title: 'Resumo',
    what: 'Consultoria gratuita',
    withWhom: companyName.with,
    rows: {
      length: { label: 'Duração', icon: Timer, value: contactFacts.consultation },
      place: { label: 'Onde', icon: Video, value: 'Por vídeo: o link vai no convite por e-mail' },
      zone: { label: 'Seu fuso horário', icon: Globe },
      day: { label: 'Dia', icon: CalendarDays, empty: 'Escolha um dia' },
      time: { label: 'Horário', icon: Clock, empty: 'Escolha um horário' },
    },
  },
  /** A booking is a hold until the visitor confirms it from the e-mail (decision 038). */
  done: {
    title: 'Falta confirmar pelo e-mail',
    sentBefore: 'Enviamos um e-mail para ',
    sentAfter: '. Abra-o e toque em “Confirmar a reunião”: só então ela fica marcada.',
    holdBefore: 'O horário fica reservado para você até ',
    holdAfter: '.',
    spam: 'Não chegou em alguns minutos? Procure também no spam e em Promoções.',
    fixQuestion: 'Digitou o e-mail errado? ',
    fix: 'Corrigir o e-mail',
    /** Beside the WhatsApp link, when company-facts.ts has a number. */
    whatsappBefore: 'Alguma dúvida antes da reunião? ',
    whatsappAfter: '.',
  },
} as const

/** The two steps of the picker, on both pages. */
export const slotPickerText = {
  day: 'Escolha o dia',
  time: 'Escolha o horário',
  retry: 'Tentar de novo',
} as const

export const manageBookingPage = {
  documentTitle: `Sua reunião | ${brand.name}`,
  title: 'Sua reunião',
  noScript:
    'Para ver, remarcar ou cancelar a reunião nesta página, ative o JavaScript do navegador. Ou fale com a gente:',
  loading: 'Carregando o agendamento…',
  /** Scripting on, but the page's script never ran (a blocker, a lost connection). */
  scriptStalled:
    'A reunião não carregou nesta página. Recarregue para tentar de novo, ou fale com a gente:',
  labels: {
    when: 'Quando',
    meetingLink: 'Link da reunião',
    name: 'Nome',
    email: 'E-mail',
    company: 'Empresa',
    note: 'Assunto',
  },
  /** Each shown by the page's script, by the booking's state. */
  states: {
    pendingBefore:
      'Falta confirmar esta reunião: toque em “Confirmar reunião” para marcá-la. O horário fica reservado para você até ',
    pendingAfter: '.',
    cancelled: 'Esta reunião foi cancelada.',
    past: 'Esta reunião já aconteceu ou já começou; ela não pode mais ser mudada por aqui.',
    locked:
      'Esta reunião não pode ser mudada por aqui. Para mudar algo, fale com a gente por e-mail ou telefone.',
  },
  bookAgain: 'Agendar outra reunião',
  confirm: 'Confirmar reunião',
  reschedule: 'Remarcar',
  cancel: 'Cancelar reunião',
  back: 'Voltar',
  rescheduleTitle: 'Escolha o novo horário',
  /** Above the picker while moving, with the meeting's time on the visitor's clock. */
  currentTime: 'Horário atual: ',
  rescheduleSubmit: 'Confirmar novo horário',
  cancelTitle: 'Cancelar a reunião',
  /** Under the title, with the meeting's time on the visitor's clock. */
  cancelWhich: 'Reunião a cancelar: ',
  cancelMessage: {
    label: 'Quer deixar uma mensagem para a equipe? (opcional)',
    placeholder: 'Ex.: surgiu um imprevisto; volto a falar em breve.',
    rows: 3,
  },
  cancelSubmit: 'Confirmar cancelamento',
} as const
