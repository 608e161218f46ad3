import { CONTACT_FORM_FIELDS } from '#shared/contact/contact-form-fields.ts'
import { PRIVACY_URL } from '../routes.ts'
import { contactFacts } from './site.ts'

export const contactSection = {
  badge: 'Entre em Contato',
  title: 'Vamos Conversar',
  description:
    'Conte sobre o seu projeto. Vamos entender a sua necessidade e propor o melhor caminho.',
} as const

export const contactForm = {
  title: 'Envie sua mensagem',
  note: `Nossa equipe responde em até ${contactFacts.replyTime}.`,
  fields: {
    name: { label: 'Nome', placeholder: 'Seu nome', autoComplete: 'name' },
    email: { label: 'Email', placeholder: 'voce@empresa.com.br', autoComplete: 'email' },
    company: {
      label: 'Empresa (opcional)',
      placeholder: 'Nome da sua empresa',
      autoComplete: 'organization',
    },
    message: { label: 'Mensagem', placeholder: 'Conte um pouco sobre o seu projeto', rows: 6 },
  },
  // Hidden from people (and from autofill and screen readers); bots that fill every field
  // fill this one too. The label is for the odd reader with styles turned off.
  trap: { name: CONTACT_FORM_FIELDS.trap, label: 'Deixe este campo em branco' },
  submit: 'Enviar Mensagem',
  submitting: 'Enviando...',
  /**
   * Under the button: the privacy notice (src/content/privacy.ts), in another tab. Coming back
   * to this page without the browser's back-forward cache empties the name and e-mail fields,
   * and what the visitor typed must never be lost.
   */
  privacy: {
    before: 'Ao enviar, você concorda com a nossa ',
    link: 'Política de Privacidade',
    newTab: ' (abre em outra aba)',
    href: PRIVACY_URL,
    after: '.',
  },
  /** Under the form when the browser runs no script: it still sends, by loading a page. */
  noScript: {
    before:
      'Sem JavaScript, o formulário também funciona: ao enviar, abrimos outra página. Se preferir, escreva para ',
    email: contactFacts.email,
    after: '.',
  },
  /**
   * When the form's code could not be downloaded (offline after the page loaded, a blocker):
   * the browser then sends the form itself, which loads another page.
   */
  fallback: {
    notice:
      'O formulário não carregou por completo, mas continua funcionando: ao enviar, abrimos outra página com a resposta.',
    notSentYet: 'Sua mensagem ainda não foi enviada.',
  },
} as const

export const contactToasts = {
  regionLabel: 'Notificações',
  closeLabel: 'Fechar notificação',
  success: {
    title: 'Mensagem enviada com sucesso! Entraremos em contato em breve.',
    description: `Nossa equipe responderá em até ${contactFacts.replyTime}.`,
  },
  error: {
    title: 'Erro ao enviar mensagem. Tente novamente.',
    databasePrefix: 'Erro ao salvar no banco de dados: ',
    unexpected: 'Ocorreu um erro inesperado.',
  },
} as const
