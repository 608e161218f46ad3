import { company } from './company.ts'

/**
 * WhatsApp's click-to-chat link (`https://wa.me/<digits>?text=…`): no script, no key, opens the
 * app on a phone and WhatsApp Web on a computer, with a short message the visitor may change
 * before sending. The visitor starts the chat, never the company. The number is the company's
 * fact (`whatsapp` in company.ts); without one, nothing links to WhatsApp.
 */

/** The message a chat opens with; the visitor can change it before sending. */
export const WHATSAPP_GREETING = 'Olá! Vim pelo site.'

/** Country code, area code and number, digits only: 10 to 15 of them (E.164). */
export const isWhatsappNumber = (value: string): boolean => /^[1-9]\d{9,14}$/.test(value)

/** The chat's link, or undefined when the number is unset ('') or not a number WhatsApp takes. */
export const whatsappLink = (
  number: string,
  text: string = WHATSAPP_GREETING,
): string | undefined =>
  isWhatsappNumber(number) ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : undefined

/** The company's chat, from company.ts; undefined when it has no WhatsApp number. */
export const companyWhatsappLink = (text?: string): string | undefined =>
  whatsappLink(company.whatsapp, text)
