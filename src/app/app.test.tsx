import { screen, within } from '@testing-library/react'
import { contactForm, contactInfoCards, contactSection } from '../content/contact.ts'
import { aboutSection, differentiators } from '../content/differentiators.ts'
import { notFoundPage, routeErrorScreen } from '../content/not-found.ts'
import { services } from '../content/services.ts'
import { appRoutes } from '../routes.ts'
import { renderApp } from '../../tests/support/render-app.tsx'
import { SPEC_DIFFERENTIATOR_TITLES, SPEC_SERVICE_TITLES } from '../../tests/support/spec-texts.ts'

afterEach(() => vi.restoreAllMocks())

describe('the landing page', () => {
  it('shows the brand, hero and both calls to action', () => {
    renderApp('/')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Transformamos ideias em código',
    )
    expect(screen.getByText('Soluções inovadoras em tecnologia')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar Projeto' })).toHaveAttribute(
      'href',
      '#contact',
    )
    expect(screen.getByRole('link', { name: 'Ver Serviços' })).toHaveAttribute('href', '#services')
    expect(screen.getAllByText('Aurora').length).toBeGreaterThan(0)
  })

  it('lists the eight services with their titles and descriptions', () => {
    renderApp('/')
    const section = within(document.getElementById('services') as HTMLElement)
    for (const title of SPEC_SERVICE_TITLES) {
      expect(section.getByRole('heading', { level: 3, name: title })).toBeInTheDocument()
    }
    expect(section.getAllByRole('listitem')).toHaveLength(8)
    for (const service of services) expect(section.getByText(service.description)).toBeVisible()
    expect(section.getByText(/LGPD/)).toBeInTheDocument()
    expect(section.getByText(/CI\/CD/)).toBeInTheDocument()
  })

  it('explains why to choose the company, with six differentiators', () => {
    renderApp('/')
    const section = within(document.getElementById('about') as HTMLElement)
    expect(
      section.getByRole('heading', { level: 2, name: 'Por que escolher a Aurora Digital?' }),
    ).toBeInTheDocument()
    expect(section.getByText('Time experiente')).toBeInTheDocument()
    expect(section.getByText('+7 anos de experiência')).toBeInTheDocument()
    for (const title of SPEC_DIFFERENTIATOR_TITLES) {
      expect(section.getByRole('heading', { level: 3, name: title })).toBeInTheDocument()
    }
    for (const item of differentiators) expect(section.getByText(item.description)).toBeVisible()
    expect(aboutSection.badge).toBe('Time experiente')
  })

  it('offers the contact form and the four ways to reach the team', () => {
    renderApp('/')
    const section = within(document.getElementById('contact') as HTMLElement)
    expect(section.getByRole('heading', { level: 2, name: 'Vamos Conversar' })).toBeInTheDocument()
    expect(section.getByText(contactSection.badge)).toHaveTextContent('Entre em Contato')
    expect(section.getByRole('heading', { name: 'Envie sua mensagem' })).toBeInTheDocument()
    expect(section.getByText(/responde em até 24 horas/)).toBeInTheDocument()
    expect(section.getByRole('link', { name: 'contato@auroradigital.com.br' })).toHaveAttribute(
      'href',
      'mailto:contato@auroradigital.com.br',
    )
    expect(section.getByText(/resposta em até 24h/i)).toBeInTheDocument()
    expect(section.getByRole('link', { name: '+55 (11) 4002-8922' })).toHaveAttribute(
      'href',
      'tel:+551140028922',
    )
    expect(section.getByText('Seg-Sex, 9h-18h')).toBeInTheDocument()
    expect(section.getByText(/atendimento remoto/i)).toBeInTheDocument()
    expect(section.getByText(/consultoria gratuita de 30 minutos/i)).toBeInTheDocument()
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
    expect(section.getByRole('button', { name: contactForm.submit })).toBeEnabled()
  })

  it('has the landmarks, a skip link and a footer with the year and section links', () => {
    renderApp('/')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      '#main',
    )
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByText(new RegExp(String(new Date().getFullYear())))).toBeInTheDocument()
    for (const name of ['Início', 'Serviços', 'Sobre', 'Contato']) {
      expect(footer.getByRole('link', { name })).toBeInTheDocument()
    }
  })
})

describe('routing', () => {
  it('shows the not-found page for an unknown path and logs that path', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/nao-existe')
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument()
    // The spec's English texts are marked as English, so screen readers pronounce them right.
    expect(screen.getByText('Oops! Page not found').closest('[lang]')).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(log).toHaveBeenCalledWith(notFoundPage.logMessage, '/nao-existe')
  })

  it('shows the error screen with the message when a route throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Broken(): never {
      throw new Error('falha ao montar a página')
    }
    renderApp('/quebrada', [{ path: '/quebrada', Component: Broken }, ...appRoutes])
    expect(screen.getByRole('heading', { name: routeErrorScreen.title })).toHaveTextContent(
      'Unexpected Application Error!',
    )
    expect(screen.getByText('falha ao montar a página')).toBeInTheDocument()
  })

  it('prefers the status text when a route throws a response', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Missing(): never {
      throw new Response(null, { status: 503, statusText: 'Service Unavailable' })
    }
    renderApp('/indisponivel', [{ path: '/indisponivel', Component: Missing }])
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument()
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument()
  })
})
