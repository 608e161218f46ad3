// The privacy notice's title and section headings, as a visitor reads them. Tests compare the
// rendered page with these, not with src/content/privacy.ts, so a dropped section fails.

export const PRIVACY_NOTICE_TITLE = 'Política de Privacidade'

export const PRIVACY_NOTICE_SECTIONS = [
  'O que guardamos',
  'Limite de envios',
  'Mensagens que parecem automáticas',
  'Reuniões agendadas pelo site',
  'Confirmação por e-mail',
  'De onde você veio',
  'Contagem de visitas',
  'Para que usamos',
  'Quem recebe',
  'Por quanto tempo',
  'Cookies',
  'Quem é responsável pelos seus dados',
  'Os seus direitos',
] as const
