import { company } from '../company/company.ts'
import { companyName } from '../company/company-name.ts'

/**
 * The words of the bookings' calendar feed (bookings-feed.ts), in Portuguese (Brazil): what a
 * team member sees in the calendar app that subscribed to it.
 */
export const bookingsFeedCopy = {
  calendarName: `Consultorias · ${company.name}`,
  calendarDescription: `Consultorias gratuitas marcadas pelo site ${companyName.of}.`,
  /** Followed by the visitor's name. */
  summary: (name: string) => `Consultoria: ${name}`,
  email: 'E-mail',
  company: 'Empresa',
  note: 'Assunto',
  meeting: 'Reunião',
  outcome: 'Situação',
  outcomes: { held: 'realizada', no_show: 'não compareceu' } as Record<string, string>,
  desk: 'No painel',
  notFound: 'Calendário não encontrado.\n',
} as const
