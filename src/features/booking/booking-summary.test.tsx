import { screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { company } from '../../../supabase/functions/_shared/company.ts'
import { bookingPage } from '../../content/booking-page.ts'
import { BookingSummaryCard } from './booking-summary-card.tsx'
import { createBookingSummary } from './booking-summary.ts'

const COMPANY = company.officeHours.timeZone

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
    expect(name).toMatch(/Brasília/)
    expect(companyZone).toHaveTextContent(`${name} (GMT-3)`)
    // Recife is on the company's clock all year: the company's words.
    expect(prerendered('America/Recife')).toHaveTextContent(`${name} (GMT-3)`)
    expect(prerendered('America/Manaus')).toHaveTextContent(/Amazonas.*\(GMT-4\)$/)
    expect(prerendered('UTC')).toHaveTextContent(/^GMT$/)
  })
})
