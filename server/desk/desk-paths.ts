/** Where the lead desk lives on the site, and every address inside it. */
export const DESK_PATH = '/painel'

/** The agenda's lists: meetings from today on, past ones, cancelled ones. */
export const AGENDA_VIEWS = ['proximas', 'passadas', 'canceladas'] as const
export type AgendaView = (typeof AGENDA_VIEWS)[number]

export const deskPaths = {
  /** The overview (server/desk/overview/): the first page after sign-in. */
  home: DESK_PATH,
  /** The list of leads; before the overview it was the home, whose old links redirect here. */
  leads: `${DESK_PATH}/contatos`,
  /**
   * The list as the navigation opens it: the whole list, its search and filters cleared. The
   * list's own links (pages, back from a lead) keep them.
   */
  leadsCleared: `${DESK_PATH}/contatos?limpar=1`,
  page: (page: number) =>
    page > 1 ? `${DESK_PATH}/contatos?pagina=${page}` : `${DESK_PATH}/contatos`,
  login: `${DESK_PATH}/entrar`,
  logout: `${DESK_PATH}/sair`,
  logoutEverywhere: `${DESK_PATH}/sair-de-todos`,
  filter: `${DESK_PATH}/filtro`,
  export: (format: 'csv' | 'json') => `${DESK_PATH}/exportar?formato=${format}`,
  stylesheet: (version: string) => `${DESK_PATH}/estilo.css?v=${version}`,
  lead: (id: string) => `${DESK_PATH}/contatos/${id}`,
  leadStatus: (id: string) => `${DESK_PATH}/contatos/${id}/situacao`,
  leadNote: (id: string) => `${DESK_PATH}/contatos/${id}/nota`,
  leadResend: (id: string) => `${DESK_PATH}/contatos/${id}/reenviar`,
  leadErase: (id: string) => `${DESK_PATH}/contatos/${id}/apagar`,
  leadReply: (id: string) => `${DESK_PATH}/contatos/${id}/responder`,
  leadAnswered: (id: string) => `${DESK_PATH}/contatos/${id}/respondido`,
  /** The lead's page with a reply template in its form (no script: a link reloads it). */
  leadWithTemplate: (id: string, template: string) =>
    `${DESK_PATH}/contatos/${id}?modelo=${encodeURIComponent(template)}#responder`,
  quarantine: `${DESK_PATH}/quarentena`,
  quarantinePage: (page: number) =>
    page > 1 ? `${DESK_PATH}/quarentena?pagina=${page}` : `${DESK_PATH}/quarentena`,
  quarantineRestore: (id: string) => `${DESK_PATH}/quarentena/${id}/restaurar`,
  quarantineDelete: (id: string) => `${DESK_PATH}/quarentena/${id}/apagar`,
  quarantineEmpty: `${DESK_PATH}/quarentena/apagar-todas`,
  agenda: `${DESK_PATH}/agenda`,
  agendaView: (view: AgendaView, page = 1) =>
    `${DESK_PATH}/agenda${view === 'proximas' ? '' : `/${view}`}${page > 1 ? `?pagina=${page}` : ''}`,
  booking: (id: string) => `${DESK_PATH}/agenda/reunioes/${id}`,
  bookingCancel: (id: string) => `${DESK_PATH}/agenda/reunioes/${id}/cancelar`,
  bookingOutcome: (id: string) => `${DESK_PATH}/agenda/reunioes/${id}/resultado`,
  bookingNote: (id: string) => `${DESK_PATH}/agenda/reunioes/${id}/nota`,
  bookingRelease: (id: string) => `${DESK_PATH}/agenda/reunioes/${id}/liberar`,
  closedDays: `${DESK_PATH}/agenda/fechamentos`,
  closedDayReopen: (day: string) => `${DESK_PATH}/agenda/fechamentos/${day}/reabrir`,
  networks: `${DESK_PATH}/agenda/redes`,
  networkBlock: `${DESK_PATH}/agenda/redes/bloquear`,
  networkUnblock: `${DESK_PATH}/agenda/redes/desbloquear`,
  releaseSince: `${DESK_PATH}/agenda/liberar`,
  releaseSincePreview: (since: string) =>
    `${DESK_PATH}/agenda/liberar?desde=${encodeURIComponent(since)}`,
  feedSettings: `${DESK_PATH}/agenda/calendario`,
  /** Outside the session: a calendar app fetches it with the token in the URL (decision 030). */
  feed: `${DESK_PATH}/agenda.ics`,
  webhooks: `${DESK_PATH}/webhooks`,
  /** The pipeline's alerts (decisions 052, 060): open ones and the last 90 days'. */
  incidents: `${DESK_PATH}/alertas`,
  incidentDismiss: (id: string) => `${DESK_PATH}/alertas/${id}/dispensar`,
  webhookRetry: (id: string) => `${DESK_PATH}/webhooks/${id}/tentar`,
  api: {
    session: `${DESK_PATH}/api/sessao`,
    export: `${DESK_PATH}/api/exportar`,
    erase: `${DESK_PATH}/api/apagar`,
  },
} as const

/** Notices shown after a change: codes in the URL, words in copy.ts (no personal data). */
export const NOTICES = [
  'situacao',
  'nota',
  'reenviado',
  'reenvio-falhou',
  'reenvio-recusado',
  'reenvio-ocupado',
  'apagado',
  'confirme',
  'situacao-invalida',
  'nota-longa',
  'restaurado',
  'restaurado-envio-falhou',
  'restauro-recusado',
  'quarentena-apagada',
  'quarentena-esvaziada',
  'quarentena-confirme',
  'reuniao-cancelada',
  'cancelar-confirme',
  'ja-cancelada',
  'ja-passou',
  'mensagem-longa',
  'resultado',
  'resultado-cedo',
  'liberadas',
  'nada-liberado',
  'liberar-confirme',
  'dia-fechado',
  'dia-reaberto',
  'webhook-tentando',
  'webhook-reativado',
  'resposta-enviada',
  'resposta-na-fila',
  'resposta-falhou',
  'resposta-recusada',
  'resposta-incompleta',
  'resposta-sem-email',
  'respondido',
  'ja-respondido',
  'rede-bloqueada',
  'rede-desbloqueada',
  'rede-invalida',
  'rede-larga',
  'alerta-dispensado',
  'alerta-encerrado',
] as const
export type Notice = (typeof NOTICES)[number]

export const isNotice = (value: string | undefined): value is Notice =>
  (NOTICES as readonly (string | undefined)[]).includes(value)

export const withNotice = (path: string, notice: Notice, extra = '') =>
  `${path}${path.includes('?') ? '&' : '?'}aviso=${notice}${extra}`

/** The notice that says how many an action touched, or the one that says it touched none. */
export const withCountNotice = (path: string, count: number, some: Notice, none: Notice) =>
  count > 0 ? withNotice(path, some, `&n=${count}`) : withNotice(path, none)
