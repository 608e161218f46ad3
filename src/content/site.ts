/**
 * Brand and contact facts. Re-branding the site means editing this file (and, for copy, its
 * neighbours in this folder); components never hold text of their own.
 */
export const brand = {
  name: 'Aurora Digital',
  /** The logo shows the name as two words with the second one accented. */
  logoWords: ['Aurora', 'Digital'],
  tagline: 'Soluções inovadoras em tecnologia',
  experience: '+7 anos de experiência',
} as const

export const contactFacts = {
  email: 'contato@auroradigital.com.br',
  phone: '+55 (11) 4002-8922',
  phoneHref: 'tel:+551140028922',
  city: 'São Paulo, SP',
  location: 'São Paulo, SP — atendimento remoto',
  hours: 'Seg-Sex, 9h-18h',
  replyTime: '24 horas',
  replyTimeShort: '24h',
  consultation: '30 minutos',
} as const

/** Used when the build gets no SITE_URL; canonical, Open Graph and sitemap URLs derive from it. */
export const defaultSiteUrl = 'https://www.auroradigital.com.br'

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
  footerTagline: 'Software sob medida para empresas que querem crescer.',
  rightsReserved: 'Todos os direitos reservados.',
} as const
