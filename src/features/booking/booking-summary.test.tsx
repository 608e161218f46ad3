import { screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { company } from '#shared/company/company.ts'
import { bookingPage } from '../../content/booking-page.ts'
import { BookingSummaryCard } from './booking-summary-card.tsx'
import { createBookingSummary } from './booking-summary.ts'

const COMPANY = company.officeHours.timeZone
/** Brazil's zones, none of them on daylight saving time since 2019. */
const BRAZIL = [
  'America/Noronha',
  'America/Recife',
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Rio_Branco',
]

/** How Intl words a zone in Portuguese: its long name, or its offset ('GMT-3'). */
const zonePart = (zone: string, style: 'long' | 'shortOffset') =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: zone, timeZoneName: style })
    .formatToParts(new Date('2027-03-10T12:00:00Z'))
    .find((part) => part.type === 'timeZoneName')?.value ?? ''

/** The summary as prerendered, and its script on it for a visitor in `visitorZone`. */
function showSummary(visitorZone: string) {
  document.body.innerHTML = renderToString(<BookingSummaryCard />)
  const summary = createBookingSummary(document, visitorZone, COMPANY)
  const region = within(screen.getByRole('region', { name: bookingPage.summary.title }))
  const fact = (label: string) => region.getByText(label).closest('div')?.querySelector('dd')
  return { summary, region, fact }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the booking summary', () => {
  it('says what is booked, and asks for a day and a time until they are picked', () => {
    const { fact } = showSummary(COMPANY)
    expect(fact('Duração')).toHaveTextContent(`${company.consultationMinutes} minutos`)
    expect(fact('Onde')).toHaveTextContent(/^Por vídeo/)
    expect(fact('Dia')).toHaveTextContent('Escolha um dia')
    expect(fact('Horário')).toHaveTextContent('Escolha um horário')
    expect(fact('Horário')).not.toHaveAttribute('data-chosen')
  })

  it('follows the picks on the visitor’s clock, the end of the call included, and forgets a lost time', () => {
    const { summary, fact } = showSummary('America/Manaus')
    summary.day('2027-03-10')
    // 9h in São Paulo is 8h in Manaus; the call is the company's length.
    summary.time('2027-03-10T12:00:00Z')
    expect(fact('Dia')).toHaveTextContent('Quarta-feira, 10 de março')
    expect(fact('Horário')).toHaveTextContent(
      `08:00 às 08:${String(company.consultationMinutes).padStart(2, '0')}`,
    )
    expect(fact('Horário')).toHaveAttribute('data-chosen')
    summary.time(null)
    expect(fact('Horário')).toHaveTextContent('Escolha um horário')
  })

  it('names the visitor’s zone: the company’s name, written at build time, on its clock', () => {
    const prerendered = (zone: string) => showSummary(zone).fact('Seu fuso horário')
    const companyZone = prerendered(COMPANY)
    const name = companyZone?.dataset.companyZone ?? ''
    // In Portuguese, as the visitor reads it ('Horário Padrão de Brasília' for São Paulo).
    expect(name).toBe(zonePart(COMPANY, 'long'))
    expect(companyZone).toHaveTextContent(`${name} (${zonePart(COMPANY, 'shortOffset')})`)
    // A zone on the company's clock all year (Recife for São Paulo): the company's words.
    const twin = BRAZIL.find(
      (zone) =>
        zone !== COMPANY && zonePart(zone, 'shortOffset') === zonePart(COMPANY, 'shortOffset'),
    )
    if (twin) {
      expect(prerendered(twin)).toHaveTextContent(`${name} (${zonePart(COMPANY, 'shortOffset')})`)
    }
    const other = BRAZIL.find(
      (zone) => zonePart(zone, 'shortOffset') !== zonePart(COMPANY, 'shortOffset'),
    )
    expect(prerendered(other ?? 'UTC')).toHaveTextContent(
      `${zonePart(other ?? 'UTC', 'long')} (${zonePart(other ?? 'UTC', 'shortOffset')})`,
    )
    expect(prerendered('America/Manaus')).toHaveTextContent(/Amazonas.*\(GMT-4\)$/)
    expect(prerendered('UTC')).toHaveTextContent(/^GMT$/)
  })
})
