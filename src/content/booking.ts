import { blockedCallWords } from '#shared/http/call-limit-copy.ts'

/**
 * What the booking calls answer when they refuse, in the visitor's language. The database says
 * these very words (supabase/migrations/20261125000200_booking_calls.sql) and tests hold the two
 * together. Each refusal's `details` is the key below, for code to act on (slot_taken: show the
 * free times again); its `message` is the text to show. Name, e-mail and company are refused
 * with the contact form's words (contact-errors.ts).
 */
export const bookingRefusals = {
  /** The bot signals (hidden field filled, sent too soon after the page loaded). */
  not_confirmed:
    'Não foi possível confirmar o agendamento. Aguarde alguns segundos e tente de novo.',
  slot_required: 'Escolha um horário para a reunião.',
  /** Someone booked it (or its day filled up) since the page loaded the times. */
  slot_taken: 'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.',
  /** Not on offer: too soon, past the horizon, a closed day, off the grid. */
  slot_unavailable: 'Esse horário não está disponível. Escolha outro horário da lista.',
  email_has_booking:
    'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.',
  /** 429 with Retry-After; when the caller's address is known. */
  address_limit: 'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde.',
  /** The limits against strangers (decision 038): the caller's network (IPv6 /48, IPv4 /24). */
  /** Whichever layer saw the block (decision 082). */
  network_blocked: blockedCallWords.booking.message,
  network_limit: 'Muitos agendamentos feitos desta rede hoje. Tente novamente mais tarde.',
  network_holds:
    'Outro agendamento feito desta rede ainda aguarda confirmação por e-mail. Tente de novo em alguns minutos.',
  network_upcoming:
    'Já há muitas reuniões marcadas a partir desta rede. Para marcar outra, fale com a gente por e-mail ou telefone.',
  /** The inbox: a request already waiting, or too many sent to it today (whoever asked). */
  email_pending:
    'Já enviamos a este e-mail um pedido de confirmação. Confirme pelo link do e-mail (veja também o spam) ou tente de novo mais tarde.',
  email_limit:
    'Este e-mail já recebeu pedidos de agendamento demais hoje. Procure o nosso e-mail na caixa de entrada (e no spam) ou fale com a gente por e-mail ou telefone.',
  /** Confirming from the inbox after the hold ended, when someone else took the time. */
  hold_expired:
    'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.',
  not_found: 'Não encontramos esse agendamento. Confira o link do e-mail.',
  cancelled: 'Esse agendamento já foi cancelado.',
  not_changeable: 'Essa reunião já começou ou já passou; ela não pode mais ser mudada.',
  too_many_changes:
    'Esse agendamento já foi remarcado muitas vezes. Para mudar de novo, fale com a gente por e-mail ou telefone.',
} as const

export type BookingRefusal = keyof typeof bookingRefusals

/** address_limit's message when the caller's address is not known (all such callers share it). */
export const unknownAddressLimit =
  'Recebemos muitos agendamentos agora. Tente novamente mais tarde.'

/** The booking's own fields (400, code 23514), as the form should say them before sending. */
export const bookingFieldErrors = {
  note: {
    required: 'Conte em poucas palavras o que quer conversar.',
    too_long: 'O assunto pode ter até 1000 caracteres.',
    invalid: 'O assunto não pode ter caracteres de controle.',
  },
  cancelMessage: {
    too_long: 'A mensagem pode ter até 1000 caracteres.',
    invalid: 'A mensagem não pode ter caracteres de controle.',
  },
} as const

/** The longest note the database accepts, in code points. */
export const BOOKING_NOTE_MAX_CHARS = 1000
