import { blockedCallWords, callLimitCopy } from '#shared/http/call-limit-copy.ts'
import {
  contactFieldErrors,
  contactFloodErrors,
  contactQuarantineErrors,
} from './contact-errors.ts'
import { contactToasts } from './contact.ts'
import { brand, companyName, contactFacts } from './site.ts'

/**
 * The pages of a contact form sent without script (src/routes.ts): the form on a page of its
 * own, the thank-you page and the error page. Their main texts are the spec's toasts.
 */
export const contactPage = {
  documentTitle: `Contato | ${brand.name}`,
  description: `Fale ${companyName.with}: conte sobre o seu projeto e receba uma resposta em até ${contactFacts.replyTime}.`,
  /** The document title when the Node server shows the form again with the database's refusal. */
  refusedDocumentTitle: `${contactToasts.error.title} | ${brand.name}`,
} as const

export const contactSentPage = {
  documentTitle: `Mensagem enviada | ${brand.name}`,
  title: contactToasts.success.title,
  description: contactToasts.success.description,
  homeLink: 'Voltar para o site',
} as const

/** Every reason the database gives for refusing a submission, each said once. */
const knownRefusals = [
  ...new Set([
    ...Object.values(contactFieldErrors).flatMap((field) => Object.values(field)),
    ...Object.values(contactFloodErrors),
    ...Object.values(contactQuarantineErrors),
    // Past the caller's calls a minute, or a blocked network (decision 040).
    callLimitCopy.tooMany,
    callLimitCopy.tooManyNetwork,
    callLimitCopy.tooManyUnknown,
    callLimitCopy.blocked,
    blockedCallWords.contact.message,
  ]),
].filter((message) => message !== '')

export const contactRefusedPage = {
  documentTitle: `${contactToasts.error.title} | ${brand.name}`,
  title: contactToasts.error.title,
  /** One is shown: the one the address names (#fragment), else the generic one. */
  reasons: knownRefusals.map((message) => ({
    message,
    description: contactToasts.error.databasePrefix + message,
  })),
  unexpected: contactToasts.error.unexpected,
  kept: 'O que você escreveu continua no formulário: volte à página anterior (o botão Voltar do navegador), corrija o que for preciso e envie de novo.',
  backLink: 'Voltar ao formulário',
  otherWays: {
    before: 'Se preferir, escreva para ',
    email: contactFacts.email,
    between: ' ou ligue para ',
    phone: contactFacts.phone,
    phoneHref: contactFacts.phoneHref,
    /** Kept on one line by the page: 'Seg-Sex, 9h-18h' broke at a hyphen. */
    hours: `(${contactFacts.hours}).`,
  },
} as const
