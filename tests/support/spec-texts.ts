// The texts the product spec requires word for word. Tests compare what a visitor sees with
// these, not with src/content, so an edit to the copy that drops a required text fails.

export const SPEC_SERVICE_TITLES = [
  'Desenvolvimento Web',
  'Apps Mobile',
  'Backend & APIs',
  'Cloud Solutions',
  'UI/UX Design',
  'Consultoria Técnica',
  'Segurança Digital',
  'Automação',
] as const

export const SPEC_DIFFERENTIATOR_TITLES = [
  'Foco em Resultados',
  'Equipe Especializada',
  'Inovação Constante',
  'Qualidade Garantida',
  'Entrega Ágil',
  'Excelência Técnica',
] as const

/** At least one required text per section of the landing page. */
export const SPEC_LANDING_TEXTS = [
  'Soluções inovadoras em tecnologia',
  'Iniciar Projeto',
  'Ver Serviços',
  ...SPEC_SERVICE_TITLES,
  'Por que escolher a',
  'Time experiente',
  '+7 anos de experiência',
  ...SPEC_DIFFERENTIATOR_TITLES,
  'Vamos Conversar',
  'Entre em Contato',
  'Envie sua mensagem',
  '24 horas',
  'Seg-Sex, 9h-18h',
  '30 minutos',
  'Enviar Mensagem',
] as const
