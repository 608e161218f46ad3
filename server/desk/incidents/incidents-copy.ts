/**
 * The incidents' words, in Portuguese (Brazil): the banner across every page while the pipeline
 * has an open incident, the history page (/painel/alertas) and the notices after a dismissal.
 * What each incident says is in supabase/functions/_shared/alerts/incident-copy.ts.
 */
export const incidentsCopy = {
  heading: (count: number) =>
    count === 1
      ? 'Alerta: algo no site precisa de atenção'
      : `Alertas: ${count} problemas no site precisam de atenção`,
  action: 'O que fazer:',
  open: 'Ver no painel',
  /** Which outbox holds what it is about (decision 060). */
  outbox: (name: string) => `Fila: ${name}.`,
  dismiss: 'Dispensar',
  dismissHint:
    'Dispensar tira o alerta daqui; ele se encerra sozinho quando o problema acabar, e um problema novo avisa de novo.',
  history: 'Histórico de alertas',
  /** The history page (/painel/alertas). */
  title: 'Alertas do site',
  intro:
    'O que o site avisou nos últimos 90 dias: e-mail que falhou ou foi recusado, calendário sem leitura, webhook parado, quarentena cheia, backup que falhou. Cada alerta se encerra quando o problema acaba, ou quando alguém o dispensa aqui.',
  none: 'Nenhum alerta nos últimos 90 dias.',
  openNow: 'Em aberto',
  past: 'Anteriores',
  opened: (when: string) => `Avisado em ${when}`,
  resolved: (when: string) => `encerrado em ${when}`,
  dismissed: (when: string, by: string) =>
    `dispensado ${by === 'painel' ? 'pelo painel' : `por ${by}`} em ${when}`,
  stillOpen: 'ainda em aberto',
  /** What a redirect after one of its actions says at the top of the page (layout/notices.ts). */
  notices: {
    incidentDismissed:
      'Alerta dispensado: ele sai da faixa de alertas e se encerra quando o problema acabar.',
    incidentGone: 'Esse alerta já tinha sido encerrado ou dispensado.',
  },
} as const
