import { company } from '../../../../supabase/functions/_shared/company.ts'
import { companyName } from '../../../../supabase/functions/_shared/company-name.ts'
import { bookAgainLink } from '../../../../supabase/functions/_shared/booking-pages.ts'
import type { ReplyTemplate } from './reply-templates.ts'

/** A name's first word, as a greeting uses it ('Ana Souza' → 'Ana'); the whole when unsure. */
export const firstName = (name: string): string => {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first.length >= 2 ? first : name.trim()
}

/**
 * A template with its placeholders filled for this lead ({nome}, {empresa}, {a empresa}, {na empresa}, {agenda}): the text
 * the reply form starts with. Only the textarea receives it; the team decides what is sent.
 */
export const fillTemplate = (
  template: ReplyTemplate,
  lead: { name: string },
  siteUrl: string,
): { subject: string; body: string } => {
  const fill = (text: string) =>
    text
      .replaceAll('{nome}', firstName(lead.name))
      .replaceAll('{a empresa}', companyName.the)
      .replaceAll('{na empresa}', companyName.in)
      .replaceAll('{empresa}', company.name)
      .replaceAll('{agenda}', bookAgainLink(siteUrl))
  return { subject: fill(template.subject), body: fill(template.body) }
}
