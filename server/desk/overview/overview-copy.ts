import { listOf, plural } from '../layout/layout-copy.ts'

/** The overview's words, in Portuguese (Brazil): the desk's first page (overview-page.tsx). */
export const overviewCopy = {
  title: 'Visão geral',
  intro:
    'As últimas 12 semanas, de segunda a domingo no fuso da empresa. Visitas são visualizações de página contadas sem cookie e sem dados pessoais: a mesma pessoa em duas páginas conta duas vezes.',
  weeksHeading: 'Por semana',
  series: { views: 'Visitas', leads: 'Contatos', meetings: 'Reuniões agendadas' },
  weeksCaption:
    'Visitas, contatos e reuniões agendadas por semana, da mais antiga à atual, nas semanas com movimento',
  week: 'Semana de',
  currentWeek: (label: string) => `${label} (atual)`,
  /** A bar's tooltip: 'Semana de 07/09: 12'. */
  barTitle: (week: string, value: number) => `Semana de ${week}: ${value.toLocaleString('pt-BR')}`,
  /**
   * Under the weeks' table, which lists only weeks that had something (and the current one):
   * the others, as runs of weeks ('de 07/09 a 26/10 e de 09/11').
   */
  emptyWeeks: (runs: { first: string; last: string }[], weeks: number) =>
    `Nenhuma visita, contato ou reunião ${weeks === 1 ? 'na semana' : 'nas semanas'} ${listOf(
      runs.map(({ first, last }) => (first === last ? `de ${first}` : `de ${first} a ${last}`)),
    )}.`,
  conversionHeading: 'Conversão nas 12 semanas',
  conversion: {
    visitToLead: 'De visita a contato',
    leadToMeeting: 'De contato a reunião',
    visitToMeeting: 'De visita a reunião',
    none: '—',
  },
  totals: (views: number, leads: number, meetings: number) =>
    `${plural(views, 'visita', 'visitas')}, ${plural(leads, 'contato', 'contatos')} e ${plural(meetings, 'reunião agendada', 'reuniões agendadas')}.`,
  sourcesHeading: 'Principais origens',
  sourcesCaption: 'As 10 origens com mais visitas e contatos nas 12 semanas',
  campaignsHeading: 'Principais campanhas',
  campaignsCaption: 'As 10 campanhas (utm_campaign) com mais contatos nas 12 semanas',
  columns: {
    source: 'Origem',
    campaign: 'Campanha',
    views: 'Visitas',
    leads: 'Contatos',
    meetings: 'Reuniões',
  },
  noSources: 'Nenhuma visita ou contato nestas semanas.',
  noCampaigns: 'Nenhum contato veio de uma campanha nestas semanas.',
  mailHeading: 'Envio de e-mails',
  mailCaption: 'E-mails ainda não enviados',
  mailKinds: { leads: 'Avisos de contato', bookings: 'E-mails de agendamento' },
  mailColumns: {
    kind: 'E-mails',
    pending: 'Na fila',
    failed: 'Com falha (serão tentados de novo)',
    refused: 'Recusados de vez',
    oldest: 'Mais antigo não enviado',
  },
  mailAllSent: 'Nenhum',
  answersHeading: 'Tempo de resposta',
  answersIntro: (promise: string, businessHours: boolean) =>
    `O site promete resposta em até ${promise}.${businessHours ? ' O prazo só corre com o escritório aberto: nos dias e horários da agenda, fora os feriados nacionais e os dias fechados.' : ''} Por semana, contando de quando a pessoa escreveu: a mediana do tempo até a primeira resposta, quantos foram respondidos dentro do prazo e quantos continuam sem resposta depois dele. Não contam os contatos marcados como spam nem as reuniões marcadas direto pela agenda.`,
  answersCaption: 'Tempo até a primeira resposta por semana, da mais antiga à atual',
  answerColumns: {
    median: 'Mediana até a 1ª resposta',
    inTime: 'Respondidos no prazo',
    unanswered: 'Sem resposta, prazo vencido',
  },
  inTime: (part: number, whole: number, percent: string) =>
    whole === 0
      ? '—'
      : `${part.toLocaleString('pt-BR')} de ${whole.toLocaleString('pt-BR')} (${percent})`,
  noAnswers: '—',
  meetingsHeading: 'Próximas reuniões',
  meetingsCaption: 'As próximas 5 reuniões',
  meetingColumns: { when: 'Quando', who: 'Com', status: 'Situação' },
  meetingStatuses: { confirmed: 'Confirmada', held: 'Reservada pela empresa' },
  noMeetings: 'Nenhuma reunião marcada.',
} as const
