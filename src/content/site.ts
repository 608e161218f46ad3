import { brand as look } from '#shared/company/brand.ts'
import { company } from '#shared/company/company.ts'
import { companyName } from '#shared/company/company-name.ts'
import { describeHours, describeHoursShort } from '#shared/support/durations.ts'
import { describeOfficeHours } from './office-hours.ts'

/**
 * The site's copy about the company. The facts themselves (name, e-mail, phone, city, site
 * URL, office hours, the consultation's length) come from
 * supabase/functions/_shared/company/company-facts.ts, the one file a re-brand edits (read through
 * company.ts); the copy beside this file only words them.
 *
 * The tagline, the years of experience, the hero's pitch, the search description and the
 * footer's line are claims the demo company makes of itself: a fork owns them, and
 * `npm run check:company` names each one still the demo's (decision 075).
 */
export const brand = {
  name: company.name,
  logoWords: company.logoWords,
  tagline: 'Soluções inovadoras em tecnologia',
  experience: '+7 anos de experiência',
} as const

/** The company's name as sentences need it ("a Aurora Digital", "da…", "com a…"): its article. */
export { companyName }

export const contactFacts = {
  email: company.inbox,
  phone: company.phone,
  phoneHref: company.phoneHref,
  city: `${company.address.city}, ${company.address.region}`,
  address: company.address,
  /** 'Seg-Sex, 9h-18h': the same facts the agenda offers times from. */
  hours: describeOfficeHours(company.officeHours),
  /** The reply promise as the page words it: '24 horas', and '24h' beside an icon. */
  replyTime: describeHours(company.replyPromiseHours),
  replyTimeShort: describeHoursShort(company.replyPromiseHours),
  consultation: `${company.consultationMinutes} minutos`,
} as const

/** The look (supabase/functions/_shared/company/brand.ts): the logo's mark is drawn from it. */
export const brandLook = look

/** Used when the build gets no SITE_URL; canonical, Open Graph and sitemap URLs derive from it. */
export const defaultSiteUrl = company.siteUrl

export const seo = {
  title: `${brand.name} | Desenvolvimento de software sob medida`,
  description:
    'Desenvolvimento web e mobile, backend, cloud, UI/UX, consultoria, segurança digital e automação. Software sob medida que impulsiona o crescimento do seu negócio.',
  locale: 'pt_BR',
} as const

export const hero = {
  badge: brand.tagline,
  titleLead: 'Transformamos',
  titleHighlight: 'ideias em código',
  description:
    'Desenvolvemos software sob medida que impulsiona o crescimento do seu negócio, da primeira ideia ao produto no ar.',
  primaryCta: { label: 'Iniciar Projeto', target: 'contact' },
  secondaryCta: { label: 'Ver Serviços', target: 'services' },
} as const

export const layoutText = {
  skipLink: 'Pular para o conteúdo',
  mainNavLabel: 'Navegação principal',
  footerNavLabel: 'Links do rodapé',
  /** Stays the same whether the menu is open or closed: aria-expanded carries the state. */
  menuToggleLabel: 'Menu de navegação',
  /** Without JavaScript the open menu is closed by a link of its own (site-header.tsx). */
  menuCloseLabel: 'Fechar menu de navegação',
  footerTagline: 'Software sob medida para empresas que querem crescer.',
  rightsReserved: 'Todos os direitos reservados.',
} as const
