import type { LucideIcon } from 'lucide-react'
import { CalendarDays, Mail, MapPin, Phone } from 'lucide-react'
import { BOOKING_URL } from '../routes.ts'
import { whatsappChat } from './legal.ts'
import { contactFacts } from './site.ts'

// Apart from the form's texts (contact.ts): the form's code loads in the browser, and these
// cards, with their icons, are only ever rendered at build time.

export interface ContactInfoCard {
  readonly id: string
  readonly icon: LucideIcon
  readonly title: string
  readonly value: string
  readonly href?: string
  readonly detail: string
  /** A second way in, under the card's own (the phone's WhatsApp); the spec's texts stay. */
  readonly also?: { readonly label: string; readonly href: string }
}

export const contactInfoCards = [
  {
    id: 'email',
    icon: Mail,
    title: 'Email',
    value: contactFacts.email,
    href: `mailto:${contactFacts.email}`,
    detail: `Resposta em até ${contactFacts.replyTimeShort}`,
  },
  {
    id: 'phone',
    icon: Phone,
    title: 'Telefone',
    value: contactFacts.phone,
    href: contactFacts.phoneHref,
    detail: contactFacts.hours,
    ...(whatsappChat.href ? { also: { label: whatsappChat.label, href: whatsappChat.href } } : {}),
  },
  {
    id: 'location',
    icon: MapPin,
    title: 'Localização',
    value: contactFacts.city,
    detail: 'Atendimento remoto para todo o Brasil',
  },
  {
    id: 'meeting',
    icon: CalendarDays,
    title: 'Agende uma reunião',
    value: `Consultoria gratuita de ${contactFacts.consultation}`,
    // The agenda: a free time picked on the site, with its invitation by e-mail.
    href: BOOKING_URL,
    detail: 'Sem compromisso: conte sua ideia e receba uma orientação inicial.',
  },
] as const satisfies readonly ContactInfoCard[]
