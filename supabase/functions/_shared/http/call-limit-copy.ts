/**
 * The words of the refusals every public call may get past its caller's limit (decision 040),
 * in Portuguese (Brazil): the Node server's guard and the SQL that counts calls on hosted
 * Supabase (20261128020100_public_call_limits.sql, 20261205020000_call_limits_per_prefix.sql) say the same; a test holds them together.
 * The site shows `message` and `hint` as the booking calls' own refusals.
 */
export const callLimitCopy = {
  tooMany: 'Muitos pedidos deste endereço em pouco tempo. Aguarde um pouco e tente de novo.',
  /** Past its /56's or /48's calls (decision 058): the network, not the address, is full. */
  tooManyNetwork: 'Muitos pedidos desta rede em pouco tempo. Aguarde um pouco e tente de novo.',
  /** For the callers whose address is not known, who share one limit. */
  tooManyUnknown: 'Recebemos muitos pedidos agora. Aguarde um pouco e tente de novo.',
  retryHint: (seconds: number) => `Tente de novo em ${seconds} segundo(s).`,
  blocked:
    'Este endereço de internet foi bloqueado pela empresa. Fale conosco por e-mail ou telefone.',
} as const

/**
 * What a blocked network is told, by the call it made (decision 082). The booking calls and the
 * contact form check the block list themselves, in words of their own (decision 039); the guard
 * in front of every call (the Node server's in memory, the database's pre-request on hosted
 * Supabase) answers those calls in the same words, so that which layer saw the block first never
 * changes the answer. Every other call gets `callLimitCopy.blocked`.
 */
export const blockedCallWords = {
  booking: {
    details: 'network_blocked',
    message: 'Não é possível agendar a partir desta rede. Fale com a gente por e-mail ou telefone.',
  },
  contact: {
    details: null,
    message:
      'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.',
  },
  other: { details: null, message: callLimitCopy.blocked },
} as const satisfies Record<string, { details: string | null; message: string }>

export type BlockedCall = keyof typeof blockedCallWords

/**
 * The call a request's path names, as PostgREST's `request.path` ends (`/rpc/book_meeting`) or
 * the server's (`/rest/v1/rpc/book_meeting`); private.blocked_call_of says the same in SQL.
 */
export const blockedCallOf = (path: string): BlockedCall =>
  /\/rpc\/(book_meeting|confirm_booking|cancel_booking|reschedule_booking)$/.test(path)
    ? 'booking'
    : /\/(contact_submissions|submit-contact-form)$/.test(path)
      ? 'contact'
      : 'other'
