import type { ContactField, ContactProblem } from '#shared/contact/contact-message.ts'

/**
 * Why a field is refused, in the visitor's language. The database says the same words when it
 * refuses a row (supabase/migrations/*_contact_guard.sql), and a test holds the two together,
 * so the form and the error toast never explain one rule two ways.
 */
export const contactFieldErrors = {
  name: {
    required: 'Informe o seu nome.',
    too_long: 'O nome pode ter até 200 caracteres.',
    invalid: 'O nome não pode ter quebras de linha nem caracteres de controle.',
  },
  email: {
    required: 'Informe um e-mail válido, como nome@empresa.com.br.',
    too_long: 'Informe um e-mail válido, como nome@empresa.com.br.',
    invalid: 'Informe um e-mail válido, como nome@empresa.com.br.',
  },
  company: {
    required: '',
    too_long: 'O nome da empresa pode ter até 200 caracteres.',
    invalid: 'O nome da empresa não pode ter quebras de linha nem caracteres de controle.',
  },
  message: {
    required: 'Escreva a sua mensagem.',
    too_long: 'A mensagem pode ter até 5000 caracteres.',
    invalid: 'A mensagem não pode ter caracteres de controle.',
  },
} as const satisfies Record<ContactField, Record<ContactProblem, string>>

/**
 * Why the database refused a submission as one of a flood (status 429; the guard's words in
 * supabase/migrations/*_contact_guard.sql, held together with these by the tests that meet
 * each limit).
 */
export const contactFloodErrors = {
  perAddress: 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.',
  unknownAddresses: 'Recebemos muitas mensagens agora. Tente novamente em alguns minutos.',
} as const

/**
 * Why the database refused a submission the bot signals flagged, when the quarantine has no
 * place for it (full, or its network holds its share): status 503, words that send a person to
 * try later or to the e-mail and phone (supabase/migrations/*_counter_and_quarantine_shares.sql,
 * held together by tests/integration/quarantine-sql.test.ts). Never a silent drop.
 */
export const contactQuarantineErrors = {
  cannotKeep:
    'Não conseguimos receber a sua mensagem agora. Tente de novo mais tarde ou fale conosco por e-mail ou telefone.',
} as const
