import { company } from '#shared/company/company.ts'
import { companyName } from '#shared/company/company-name.ts'
import { bookAgainLink } from '#shared/booking/booking-pages.ts'
import type { ReplyTemplate } from './reply-templates.ts'

/** A name's first word, as a greeting uses it ('Ana Souza' → 'Ana'); the whole when unsure. */
export const firstName = (name: string): string => {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first.length >= 2 ? first : name.trim()
}

/**
 * A first name as a greeting may use it when nobody confirmed the address (decision 060): one
 * word of letters (accents, an apostrophe, a hyphen or a dot inside), at most 30 characters.
 * Anything else (a link, a sentence, a name a stranger wrote to be read) is left out.
 */
export const plainFirstName = (name: string): string | undefined => {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return /^\p{L}[\p{L}\p{M}'’.-]{1,29}$/u.test(first) ? first : undefined
}

/** {nome} with what leads to it (', ' in 'Olá, {nome}!'), for a greeting without a name. */
const NAME_PLACEHOLDER = /,?[ \t]*\{nome\}/g

/**
 * A template with its placeholders filled for this lead ({nome}, {empresa}, {a empresa}, {na empresa}, {agenda}): the text
 * the reply form starts with. Only the textarea receives it; the team decides what is sent.
 * For an address nobody confirmed, {nome} is the first name only when it looks like one, and
 * is left out otherwise ('Olá!'): the team reads the text, but a greeting is easily skimmed.
 */
export const fillTemplate = (
  template: ReplyTemplate,
  lead: { name: string; emailConfirmed: boolean },
  siteUrl: string,
): { subject: string; body: string } => {
  const name = lead.emailConfirmed ? firstName(lead.name) : plainFirstName(lead.name)
  const fill = (text: string) =>
    (name === undefined ? text.replace(NAME_PLACEHOLDER, '') : text.replaceAll('{nome}', name))
      .replaceAll('{a empresa}', companyName.the)
      .replaceAll('{na empresa}', companyName.in)
      .replaceAll('{empresa}', company.name)
      .replaceAll('{agenda}', bookAgainLink(siteUrl))
  return { subject: fill(template.subject), body: fill(template.body) }
}
