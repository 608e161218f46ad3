import { screen, within } from '@testing-library/react'
import { formatCnpj } from '#shared/company/cnpj.ts'
import { company } from '#shared/company/company.ts'
import { contactInfoCards } from './content/contact-info.ts'
import { bookingIds } from './features/booking/booking-ids.ts'
import { privacyNoticeUpdated } from './content/privacy-updated.ts'
import { contactFacts } from './content/site.ts'
import { renderPage } from './entry-server.tsx'
import { renderHeadTags } from './lib/head-tags.ts'
import { schemaOpeningHours } from './content/office-hours.ts'
import type { PageKind } from './routes.ts'

/** The page exactly as the build writes it into dist/, before any script runs. */
function showPrerendered(kind: PageKind) {
  document.body.innerHTML = renderPage(kind)
}

afterEach(() => {
  document.body.innerHTML = ''
})

const chatHref = new RegExp(`^https://wa\\.me/${company.whatsapp}\\?text=`)

describe('who the company is, on every page', () => {
  it('names the razão social, the CNPJ and the encarregado with an e-mail link in the footer', () => {
    for (const kind of ['home', 'privacy', 'booking', 'contact', 'manage-booking'] as const) {
      showPrerendered(kind)
      const footer = within(screen.getByRole('contentinfo'))
      const line = footer.getByText(/CNPJ/).closest('p')?.textContent ?? ''
      expect(line, kind).toContain(company.legal.name)
      expect(line, kind).toContain(`CNPJ ${formatCnpj(company.legal.cnpj)}`)
      expect(line, kind).toContain(company.dataProtectionOfficer.name)
      const officer = footer.getByRole('link', { name: company.dataProtectionOfficer.name })
      expect(officer.getAttribute('href'), kind).toBe(
        `mailto:${company.dataProtectionOfficer.email}`,
      )
    }
  })

  it('is in the privacy notice, dated with the day the notice last changed', () => {
    showPrerendered('privacy')
    const region = within(
      screen.getByRole('region', { name: 'Quem é responsável pelos seus dados' }),
    )
    expect(region.getByText(new RegExp(formatCnpj(company.legal.cnpj)))).toBeInTheDocument()
    expect(region.getByText(/LGPD, art\. 41/)).toHaveTextContent(company.dataProtectionOfficer.name)
    expect(region.getByRole('link', { name: company.dataProtectionOfficer.email })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    const date = screen.getByRole('main').querySelector('time')
    expect(date).toHaveAttribute('datetime', privacyNoticeUpdated.date)
    expect(date?.parentElement).toHaveTextContent(`Atualizada em ${privacyNoticeUpdated.shown}`)
  })

  it('is a ProfessionalService in the landing page’s structured data, with its hours, all of Brazil and its contact points', () => {
    const head = renderHeadTags('home', 'https://www.exemplo.com.br')
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(head)?.[1] ?? '{}'
    const data = JSON.parse(json)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: company.name,
      url: 'https://www.exemplo.com.br/',
      telephone: company.phone,
      address: { addressLocality: company.address.city, addressCountry: 'BR' },
      areaServed: 'BR',
      openingHours: schemaOpeningHours(company.officeHours),
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'sales',
        // The chat when the company has a WhatsApp number (company.ts); the phone without.
        ...(company.whatsapp
          ? { url: `https://wa.me/${company.whatsapp}` }
          : { telephone: company.phone }),
      },
    })
    if (!company.whatsapp) expect(json).not.toContain('wa.me')
    expect(schemaOpeningHours({ ...company.officeHours, weekdays: [1, 2, 3, 4, 5] })).toBe(
      `Mo-Fr ${company.officeHours.opens}-${company.officeHours.closes}`,
    )
    expect(schemaOpeningHours({ ...company.officeHours, weekdays: [2, 4, 5, 6] })).toBe(
      `Tu,Th-Sa ${company.officeHours.opens}-${company.officeHours.closes}`,
    )
    // The other pages do not describe the company again.
    expect(renderHeadTags('privacy', 'https://www.exemplo.com.br')).not.toContain('ld+json')
  })
})

describe('the WhatsApp link', () => {
  it('sits beside the phone on the contact card, a plain link, with the card’s spec texts as they were', () => {
    showPrerendered('home')
    const phone = contactInfoCards.find((card) => card.id === 'phone')
    const card = screen.getByRole('link', { name: company.phone }).closest('[data-slot="card"]')
    const inCard = within(card as HTMLElement)
    expect(inCard.getByRole('heading', { name: 'Telefone' })).toBeInTheDocument()
    expect(inCard.getByText(phone?.detail ?? '')).toBeInTheDocument()
    // Beside the phone when the company has a WhatsApp number (company.ts); none without.
    if (company.whatsapp)
      expect(inCard.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
        'href',
        expect.stringMatching(chatHref),
      )
    else expect(inCard.queryByRole('link', { name: 'WhatsApp' })).toBeNull()
    // The spec's reply promise on the e-mail card is untouched.
    expect(screen.getByText(`Resposta em até ${contactFacts.replyTimeShort}`)).toBeInTheDocument()
  })

  it('is on the booking confirmation as prerendered, so it needs no script', () => {
    showPrerendered('booking')
    const done = document.getElementById(bookingIds.done)
    const link = within(done as HTMLElement).queryByRole('link', {
      name: 'WhatsApp',
      hidden: true,
    })
    // There when the company has a WhatsApp number (company.ts); none without.
    if (company.whatsapp) expect(link?.getAttribute('href')).toMatch(chatHref)
    else expect(link).toBeNull()
  })
})
