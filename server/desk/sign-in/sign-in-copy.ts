import { companyName } from '#shared/company/company-name.ts'
import { plural } from '../layout/layout-copy.ts'

const minutes = (seconds: number) =>
  plural(Math.max(1, Math.ceil(seconds / 60)), 'minuto', 'minutos')

/** The sign-in page's words, in Portuguese (Brazil), and what it says after a refusal or a sign-out. */
export const signInCopy = {
  title: 'Entrar no painel',
  /** The tab's title, beside the desk's name ('Entrar · Painel · …'). */
  documentTitle: 'Entrar',
  intro: `Acesso restrito à equipe ${companyName.of}.`,
  password: 'Senha',
  submit: 'Entrar',
  wrongPassword: 'Senha incorreta. Confira e tente de novo.',
  throttled: {
    address: (retryAfterSeconds: number) =>
      `Muitas tentativas erradas deste endereço. Tente de novo em ${minutes(retryAfterSeconds)}. Um navegador em que você já entrou no painel continua podendo entrar.`,
    device: (retryAfterSeconds: number) =>
      `Muitas tentativas erradas neste navegador. Tente de novo em ${minutes(retryAfterSeconds)}.`,
    everyone: (retryAfterSeconds: number) =>
      `Muitas tentativas erradas de vários endereços. Por segurança, só navegadores em que você já entrou no painel podem entrar agora. Tente de novo em ${minutes(retryAfterSeconds)}.`,
  },
  staleForm: 'A página de entrada expirou. Digite a senha de novo.',
  sessionEnded: 'Sua sessão terminou. Entre de novo para continuar.',
  signedOut: 'Você saiu do painel.',
  signedOutEverywhere: 'Você saiu do painel em todos os navegadores e aparelhos.',
} as const
