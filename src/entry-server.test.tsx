import { screen, within } from '@testing-library/react'
import {
  bookingOtherWays,
  bookingPage,
  manageBookingPage,
  slotPickerText,
} from './content/booking-page.ts'
import { contactInfoCards } from './content/contact-info.ts'
import { bookingIds, manageIds } from './features/booking/booking-ids.ts'
import { contactForm, contactSection, contactToasts } from './content/contact.ts'
import {
  contactFieldErrors,
  contactFloodErrors,
  contactQuarantineErrors,
} from './content/contact-errors.ts'
import { aboutSection, differentiators } from './content/differentiators.ts'
import { headerCta, navLinks } from './content/navigation.ts'
import { notFoundPage } from './content/not-found.ts'
import { privacyNotice } from './content/privacy.ts'
import { serviceGroups, services } from './content/services.ts'
import { brand, companyName, contactFacts, hero, layoutText } from './content/site.ts'
import { CONTACT_TEMPLATE_SLOTS, renderContactTemplate, renderPage } from './entry-server.tsx'
import { PROJECTS_URL, contactRoute, privacyRoute, type PageKind } from './routes.ts'
import { projects } from './content/projects/index.ts'
import { projectsText } from './content/projects-page.ts'
import { buttonClassName } from './components/ui/button.tsx'
import { callLimitCopy } from '#shared/http/call-limit-copy.ts'
import { refusalId } from '#shared/contact/contact-pages.ts'
import { company } from '#shared/company/company.ts'
import { describeOfficeHours } from './content/office-hours.ts'
import {
  PRIVACY_NOTICE_SECTIONS,
  PRIVACY_NOTICE_TITLE,
} from '../tests/support/privacy-notice-texts.ts'

/** The page exactly as the build writes it into dist/, before any script runs. */
function showPrerendered(kind: PageKind) {
  document.body.innerHTML = renderPage(kind)
}

afterEach(() => {
  document.body.innerHTML = ''
})

/** The nav's entries: the four sections and, while the company has projects, their page. */
const navEntries = (href: (id: string) => string) =>
  navLinks.flatMap((link) => [
    [link.label, href(link.id)],
    ...(link.id === 'services' && projects.length > 0
      ? [[projectsText.navLabel, PROJECTS_URL]]
      : []),
  ])

describe('the landing page, as prerendered', () => {
  it('shows the brand, hero and both calls to action', () => {
    showPrerendered('home')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `${hero.titleLead} ${hero.titleHighlight}`,
    )
    expect(screen.getByText(brand.tagline)).toBeInTheDocument()
    const heroSection = within(document.getElementById('home') as HTMLElement)
    expect(heroSection.getByRole('link', { name: hero.primaryCta.label })).toHaveAttribute(
      'href',
      '#contact',
    )
    expect(heroSection.getByRole('link', { name: hero.secondaryCta.label })).toHaveAttribute(
      'href',
      '#services',
    )
    expect(screen.getAllByText(brand.logoWords[0]).length).toBeGreaterThan(0)
  })

  it('lists every service with its title and description', () => {
    showPrerendered('home')
    const section = within(document.getElementById('services') as HTMLElement)
    for (const { title } of services) {
      expect(section.getByRole('heading', { level: 3, name: title })).toBeInTheDocument()
    }
    // Each group's number and name read as the name of its list of services.
    for (const [index, { id, label }] of serviceGroups.entries()) {
      const name = `${String(index + 1).padStart(2, '0')} ${label}`
      const list = section.getByRole('list', { name })
      const inGroup = services.filter((service) => service.group === id)
      expect(within(list).getAllByRole('listitem')).toHaveLength(inGroup.length)
    }
    expect(section.getAllByRole('listitem')).toHaveLength(services.length)
    for (const service of services) expect(section.getByText(service.description)).toBeVisible()
    expect(section.getByText(/LGPD/)).toBeInTheDocument()
    expect(section.getByText(/CI\/CD/)).toBeInTheDocument()
  })

  it('explains why to choose the company, with its differentiators', () => {
    showPrerendered('home')
    const section = within(document.getElementById('about') as HTMLElement)
    // The spec's question, with the company's name and the article it takes.
    expect(
      section.getByRole('heading', { level: 2, name: `Por que escolher ${companyName.the}?` }),
    ).toBeInTheDocument()
    expect(section.getByText(aboutSection.badge)).toBeInTheDocument()
    expect(section.getByText(brand.experience)).toBeInTheDocument()
    for (const { title, description } of differentiators) {
      expect(section.getByRole('heading', { level: 3, name: title })).toBeInTheDocument()
      expect(section.getByText(description)).toBeVisible()
    }
  })

  it('offers the contact form and the four ways to reach the team', () => {
    showPrerendered('home')
    const section = within(document.getElementById('contact') as HTMLElement)
    expect(
      section.getByRole('heading', { level: 2, name: contactSection.title }),
    ).toBeInTheDocument()
    expect(section.getByText(contactSection.badge)).toBeInTheDocument()
    expect(section.getByRole('heading', { name: 'Envie sua mensagem' })).toBeInTheDocument()
    expect(
      section.getByText(new RegExp(`responde em até ${contactFacts.replyTime}`)),
    ).toBeInTheDocument()
    expect(section.getByRole('link', { name: company.inbox })).toHaveAttribute(
      'href',
      `mailto:${company.inbox}`,
    )
    expect(
      section.getByText(new RegExp(`resposta em até ${contactFacts.replyTimeShort}`, 'i')),
    ).toBeInTheDocument()
    expect(section.getByRole('link', { name: company.phone })).toHaveAttribute(
      'href',
      company.phoneHref,
    )
    // The spec's 'Seg-Sex, 9h-18h' for the default hours, worded from the company's.
    expect(section.getByText(describeOfficeHours(company.officeHours))).toBeInTheDocument()
    expect(
      section.getByText(`${company.address.city}, ${company.address.region}`),
    ).toBeInTheDocument()
    expect(section.getByText(/atendimento remoto/i)).toBeInTheDocument()
    expect(section.getByText('Agende uma reunião')).toBeInTheDocument()
    expect(
      section.getByRole('link', {
        name: `Consultoria gratuita de ${company.consultationMinutes} minutos`,
      }),
    ).toHaveAttribute('href', '/agendar')
    expect(contactInfoCards).toHaveLength(4)

    expect(section.getByLabelText('Nome')).toBeRequired()
    expect(section.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(section.getByLabelText('Email')).toBeRequired()
    expect(section.getByLabelText('Empresa (opcional)')).not.toBeRequired()
    expect(section.getByLabelText('Mensagem')).toHaveAttribute('rows', '6')
    expect(section.getByLabelText('Mensagem')).toBeRequired()
    for (const field of ['Nome', 'Email', 'Empresa (opcional)', 'Mensagem']) {
      expect(section.getByLabelText(field)).toHaveValue('')
    }
    // Ready before any script: the browser posts the form itself until the island takes over.
    expect(section.getByRole('button', { name: contactForm.submit })).toBeEnabled()
    const form = document.querySelector('#contact form') as HTMLFormElement
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('accept-charset', 'UTF-8')
    // .env.test builds for a hosted project: the form posts to its Edge Function.
    expect(form).toHaveAttribute(
      'action',
      'http://127.0.0.1:54321/functions/v1/submit-contact-form',
    )
    expect([...form.elements].map((field) => field.getAttribute('name')).filter(Boolean)).toEqual([
      'name',
      'email',
      'company',
      'message',
      'website',
      'elapsed_ms',
      // Where the visitor came from, filled in on submit (decision 033).
      'referrer_origin',
      'landing_path',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
    ])
    const noScript = form.querySelector('noscript')?.innerHTML ?? ''
    expect(noScript).toContain(`href="mailto:${company.inbox}"`)
  })

  it('has the landmarks, a skip link and a footer with the year and section links', () => {
    showPrerendered('home')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      '#main',
    )
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByText(new RegExp(String(new Date().getFullYear())))).toBeInTheDocument()
    for (const name of ['Início', 'Serviços', 'Sobre', 'Contato']) {
      expect(footer.getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringMatching(/^#/),
      )
    }
  })

  it('links the privacy notice from the form, next to its button, and from the footer', () => {
    showPrerendered('home')
    const form = document.querySelector('#contact form') as HTMLElement
    // Chromium names it 'Política de Privacidade (abre em outra aba)' (tests/e2e/privacy-notice);
    // the DOM library here drops the leading space of the part only screen readers get.
    const notice = within(form).getByRole('link', {
      name: /^Política de Privacidade ?\(abre em outra aba\)$/,
    })
    expect(notice).toHaveAttribute('href', privacyRoute.url)
    // A visit in the same tab could cost the visitor what they typed (see content/contact.ts).
    expect(notice).toHaveAttribute('target', '_blank')
    // Said in words to screen readers only; the eye gets the new-tab sign (globals.css).
    expect(notice.querySelector('.sr-only')?.textContent).toBe(contactForm.privacy.newTab)
    expect(notice).toHaveClass('new-tab')
    expect(notice.closest('p')?.previousElementSibling).toBe(
      within(form).getByRole('button', { name: contactForm.submit }),
    )
    expect(notice.closest('p')).toHaveTextContent(
      'Ao enviar, você concorda com a nossa Política de Privacidade (abre em outra aba).',
    )
    const footerLink = within(screen.getByRole('contentinfo')).getByRole('link', {
      name: privacyNotice.title,
    })
    expect(footerLink).toHaveAttribute('href', privacyRoute.url)
    expect(footerLink).not.toHaveAttribute('target')
    expect(footerLink).not.toHaveAttribute('aria-current')
  })

  it("makes the phone menu a popover of the same entries and the header's call to action, opened by the header button", () => {
    showPrerendered('home')
    const toggle = screen.getByRole('button', { name: layoutText.menuToggleLabel })
    const menu = document.getElementById(toggle.getAttribute('popovertarget') ?? '')
    expect(menu).toHaveAttribute('popover', 'auto')
    expect(toggle).toHaveAttribute('aria-controls', menu?.id)
    // Closed, so hidden from the accessibility tree until opened.
    const entries = within(menu as HTMLElement).getAllByRole('link', { hidden: true })
    expect(entries.map((entry) => [entry.textContent, entry.getAttribute('href')])).toEqual([
      ...navEntries((id) => `#${id}`),
      [headerCta.label, '#contact'],
    ])
  })

  it("gives the header one call to action, the hero's first, a plain link to the form", () => {
    expect(headerCta.label, "the spec's words for the hero's button").toBe('Iniciar Projeto')
    // The form is on the landing page and on the contact page; elsewhere the link opens the latter.
    for (const [kind, href] of [
      ['home', '#contact'],
      ['contact', '#contact'],
      ['privacy', contactRoute.url],
      ['booking', contactRoute.url],
      ['not-found', contactRoute.url],
    ] as const) {
      showPrerendered(kind)
      const header = within(screen.getByRole('banner'))
      const ctas = header.getAllByRole('link', { name: headerCta.label, hidden: true })
      // One beside the desktop nav, one at the end of the phone menu.
      expect(
        ctas.map((cta) => cta.getAttribute('href')),
        kind,
      ).toEqual([href, href])
      const [desktop, phone] = ctas
      expect(desktop?.closest('[popover]'), kind).toBeNull()
      expect(phone?.closest('[popover]'), kind).not.toBeNull()
      // The hero's accent button, at the nav's size.
      expect(desktop?.className, kind).toBe(buttonClassName({}))
    }
  })

  it('leaves every section to plain HTML except the contact form, the one island', () => {
    showPrerendered('home')
    const islands = [...document.querySelectorAll('[data-island]')]
    expect(islands.map((island) => island.getAttribute('data-island'))).toEqual(['contact-form'])
    expect(islands[0]?.querySelector('form')).not.toBeNull()
  })
})

describe('the not-found page, as prerendered', () => {
  it('says the page was not found, in English as the spec has it, and links home', () => {
    showPrerendered('not-found')
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument()
    // The spec's English texts are marked as English, so screen readers pronounce them right.
    expect(screen.getByText('Oops! Page not found').closest('[lang]')).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(notFoundPage.logMessage).toBe('404 Error: User attempted to access non-existent route:')
  })
})

describe('the privacy notice, as prerendered', () => {
  it('says what the form stores, why, for how long, who receives it and how to ask', () => {
    showPrerendered('privacy')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PRIVACY_NOTICE_TITLE)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    for (const title of PRIVACY_NOTICE_SECTIONS) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument()
    }
    const main = within(screen.getByRole('main'))
    expect(main.getByText(/Lei nº 13\.709\/2018/)).toBeInTheDocument()
    // "e-mail" is kept whole in a span of its own (decision 107): the sentence spans elements.
    expect(screen.getByRole('main')).toHaveTextContent(/o seu nome e o seu e-mail/)
    expect(main.getByText(/endereço de rede \(IP\)/)).toBeInTheDocument()
    expect(main.getByText(/apagado depois de um dia/)).toBeInTheDocument()
    expect(main.getByText(/Pelo tempo necessário para responder/)).toBeInTheDocument()
    expect(main.getByText(/não usa cookies/)).toBeInTheDocument()
    const bookings = within(screen.getByRole('region', { name: 'Reuniões agendadas pelo site' }))
    expect(bookings.getByText(/o fuso horário do seu navegador/)).toBeInTheDocument()
    expect(bookings.getByText(/o link da sala de vídeo/)).toBeInTheDocument()
    expect(bookings.getByText(/de onde ele veio \(o IP\)/)).toBeInTheDocument()
    expect(main.getByText(/conta a partir da data da reunião/)).toBeInTheDocument()
    const confirming = within(screen.getByRole('region', { name: 'Confirmação por e-mail' }))
    expect(confirming.getByText(/só vira reunião quando você o confirma/)).toBeInTheDocument()
    expect(confirming.getByText(/apagamos tudo depois de dois dias/)).toBeInTheDocument()
    const rights = within(screen.getByRole('region', { name: 'Os seus direitos' }))
    expect(rights.getAllByRole('listitem')).toHaveLength(5)
    const ask = rights.getByRole('link', { name: company.dataProtectionOfficer.email })
    expect(
      ask
        .getAttribute('href')
        ?.startsWith(`mailto:${company.dataProtectionOfficer.email}?subject=`),
    ).toBe(true)
  })

  it('takes the header and footer links back to the landing page sections', () => {
    showPrerendered('privacy')
    const sections = navEntries((id) => `/#${id}`)
    const menu = screen.getByRole('button', { name: layoutText.menuToggleLabel })
    const phoneMenu = document.getElementById(menu.getAttribute('popovertarget') ?? '')
    for (const scope of [
      screen.getByRole('navigation', { name: layoutText.mainNavLabel }).querySelector('ul'),
      phoneMenu?.querySelector('ul'),
      screen.getByRole('navigation', { name: layoutText.footerNavLabel }),
    ]) {
      const links = within(scope as HTMLElement).getAllByRole('link', { hidden: true })
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(sections)
    }
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      '#main',
    )
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByRole('link', { name: privacyNotice.title })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(document.querySelector('[data-island]')).toBeNull()
  })
})

describe('the pages of a form sent without script, as prerendered', () => {
  it('gives the form a page of its own, the section heading as its h1', () => {
    showPrerendered('contact')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(contactSection.title)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const islands = [...document.querySelectorAll('[data-island]')]
    expect(islands.map((island) => island.getAttribute('data-island'))).toEqual(['contact-form'])
    expect(screen.getByRole('button', { name: contactForm.submit })).toBeEnabled()
    expect(screen.queryByText(contactToasts.error.title)).toBeNull()
  })

  it("thanks the visitor with the spec's success texts and a way back to the site", () => {
    showPrerendered('contact-sent')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Mensagem enviada com sucesso! Entraremos em contato em breve.',
    )
    expect(
      screen.getByText(`Nossa equipe responderá em até ${contactFacts.replyTime}.`),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para o site' })).toHaveAttribute('href', '/')
  })

  it('holds an explanation for every reason the database gives, under the id the function links to', () => {
    showPrerendered('contact-refused')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Erro ao enviar mensagem. Tente novamente.',
    )
    const reasons = [
      ...Object.values(contactFieldErrors).flatMap((field) => Object.values(field)),
      ...Object.values(contactFloodErrors),
      ...Object.values(contactQuarantineErrors),
      callLimitCopy.tooMany,
      callLimitCopy.tooManyNetwork,
      callLimitCopy.tooManyUnknown,
      callLimitCopy.blocked,
    ].filter(Boolean)
    for (const reason of reasons) {
      expect(document.getElementById(refusalId(reason))).toHaveTextContent(
        `Erro ao salvar no banco de dados: ${reason}`,
      )
    }
    expect(screen.getByText('Ocorreu um erro inesperado.')).toBeInTheDocument()
    expect(screen.getByText(/volte à página anterior/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao formulário' })).toHaveAttribute(
      'href',
      '/contato/',
    )
  })

  it("leaves the server's copy of the form a placeholder in each field and an alert outside the island", () => {
    document.body.innerHTML = renderContactTemplate()
    const island = document.querySelector('[data-island="contact-form"]') as HTMLElement
    const alert = screen.getByRole('alert', { name: '' })
    expect(island).not.toContainElement(alert)
    expect(alert).toHaveTextContent(
      `${contactToasts.error.title}${CONTACT_TEMPLATE_SLOTS.description}`,
    )
    expect(alert).toHaveAttribute('autofocus')
    for (const name of ['name', 'email', 'company', 'message'] as const) {
      const field = island.querySelector(`[name="${name}"]`) as HTMLInputElement
      expect(field.value).toBe(CONTACT_TEMPLATE_SLOTS[name])
    }
  })
})

describe('the booking pages, as prerendered', () => {
  it('frame the agenda for the script: the two steps, the form and its confirmation waiting', () => {
    showPrerendered('booking')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Agende uma reunião')
    expect(screen.getByText(bookingPage.badge)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(bookingPage.loading)
    expect(screen.getByRole('group', { name: slotPickerText.day })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: slotPickerText.time })).toBeInTheDocument()
    // Shown once a time is picked, and once booked.
    const details = document.getElementById(bookingIds.details) as HTMLElement
    expect(details).not.toBeVisible()
    expect(details.querySelector('legend')).toHaveTextContent(bookingPage.details)
    for (const label of ['Nome', 'Email', bookingPage.fields.note.label]) {
      expect(within(details).getByLabelText(label)).toBeRequired()
    }
    expect(within(details).getByLabelText('Empresa (opcional)')).not.toBeRequired()
    expect(within(details).getByLabelText(bookingPage.fields.note.label)).toHaveAttribute(
      'maxlength',
      '1000',
    )
    const done = document.getElementById(bookingIds.done)
    expect(done).not.toBeVisible()
    expect(done?.querySelector('h2')).toHaveTextContent(bookingPage.done.title)
    expect(document.querySelector('[data-island]')).toBeNull()
  })

  it('say how to book by e-mail or phone, as links, for a visitor with no script', () => {
    for (const kind of ['booking', 'manage-booking'] as const) {
      showPrerendered(kind)
      const main = within(screen.getByRole('main'))
      expect(main.getByRole('link', { name: company.inbox })).toHaveAttribute(
        'href',
        `mailto:${company.inbox}?subject=${encodeURIComponent(bookingOtherWays.emailSubject)}`,
      )
      expect(main.getByRole('link', { name: company.phone })).toHaveAttribute(
        'href',
        company.phoneHref,
      )
    }
    showPrerendered('booking')
    expect(screen.getByText(bookingPage.noScript)).toHaveClass('noscript:block')
  })

  it('frame the booking behind a manage link, with its two changes', () => {
    showPrerendered('manage-booking')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(manageBookingPage.title)
    expect(screen.getByRole('status')).toHaveTextContent(manageBookingPage.loading)
    // Shown by the script, by what the booking allows.
    const actions = document.getElementById(manageIds.actions) as HTMLElement
    expect(actions).not.toBeVisible()
    expect(actions).toHaveTextContent(`${manageBookingPage.reschedule}${manageBookingPage.cancel}`)
    const again = document.getElementById(manageIds.bookAgain)
    expect(again).toHaveTextContent(manageBookingPage.bookAgain)
    expect(again).toHaveAttribute('href', '/agendar')
  })
})
