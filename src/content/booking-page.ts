import { contactForm } from './contact.ts'
import { brand, contactFacts } from './site.ts'

/**
 * The booking pages as prerendered (src/sections/booking.tsx, manage-booking.tsx): everything
 * that does not depend on the free times or the booking. What the browser code says as it
 * goes is in booking-messages.ts, so the page's script carries only those words.
 */

/** The e-mail and phone, as links: the way to book without script, and for whoever prefers. */
export const bookingOtherWays = {
  before: 'Prefere combinar por e-mail ou telefone? Escreva para ',
  email: contactFacts.email,
  emailSubject: 'Agendar consultoria gratuita',
  between: ' ou ligue para ',
  phone: contactFacts.phone,
  phoneHref: contactFacts.phoneHref,
  after: ` (${contactFacts.hours}).`,
  /** On the page that manages a booking. */
  beforeOnManagePage: 'Para mudar a reunião por e-mail ou telefone, escreva para ',
} as const

export const bookingPage = {
  documentTitle: `Agende uma consultoria gratuita | ${brand.name}`,
  description: `Escolha o dia e o horário de uma conversa de ${contactFacts.consultation} por vídeo com a ${brand.name}: conte sua ideia e receba uma orientação inicial, sem compromisso.`,
  badge: `Consultoria gratuita de ${contactFacts.consultation}`,
  title: 'Agende uma reunião',
  intro: `Uma conversa de ${contactFacts.consultation} por vídeo, sem compromisso: conte sua ideia e receba uma orientação inicial. Escolha o dia e o horário que preferir.`,
  /** With JavaScript off, above the e-mail and phone. */
  noScript:
    'Para escolher um horário nesta página, ative o JavaScript do navegador. Ou combine a reunião com a gente:',
  loading: 'Carregando horários…',
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
  done: {
    title: 'Reunião marcada!',
    meetingLink: 'Link da reunião: ',
    invitationBefore: 'Enviamos um convite para ',
    invitationAfter: ', com o link da reunião.',
    manageBefore: 'Para remarcar ou cancelar, use este link (ele também está no e-mail): ',
    manageLink: 'gerenciar o agendamento',
    manageAfter: '.',
    /** Beside the WhatsApp link, when company.ts has a number. */
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
    cancelled: 'Esta reunião foi cancelada.',
    past: 'Esta reunião já aconteceu ou já começou; ela não pode mais ser mudada por aqui.',
    locked:
      'Esta reunião não pode ser mudada por aqui. Para mudar algo, fale com a gente por e-mail ou telefone.',
  },
  bookAgain: 'Agendar outra reunião',
  reschedule: 'Remarcar',
  cancel: 'Cancelar reunião',
  back: 'Voltar',
  rescheduleTitle: 'Escolha o novo horário',
  rescheduleSubmit: 'Confirmar novo horário',
  cancelTitle: 'Cancelar a reunião',
  cancelMessage: {
    label: 'Quer deixar uma mensagem para a equipe? (opcional)',
    placeholder: 'Ex.: surgiu um imprevisto; volto a falar em breve.',
    rows: 3,
  },
  cancelSubmit: 'Confirmar cancelamento',
} as const
