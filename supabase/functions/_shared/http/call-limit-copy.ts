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
