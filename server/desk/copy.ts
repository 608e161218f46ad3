import { company } from '../../supabase/functions/_shared/company.ts'
import type { LookAlikeScript } from './frame/visitor-text-parts.ts'
import type { Delivery, LeadStatus } from './leads/lead.ts'

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`

const minutes = (seconds: number) =>
  plural(Math.max(1, Math.ceil(seconds / 60)), 'minuto', 'minutos')

const statuses: Record<LeadStatus, string> = {
  novo: 'novo',
  em_contato: 'em contato',
  fechado: 'fechado',
  spam: 'spam',
}

const scriptNames: Record<LookAlikeScript, string> = {
  Latin: 'latino',
  Cyrillic: 'cirílico',
  Greek: 'grego',
}

const listOf = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '')

const deliveries: Record<Delivery, string> = {
  enviado: 'enviado',
  pendente: 'pendente',
  falhou: 'falhou',
  recusado: 'recusado',
}

/**
 * Every word the lead desk shows, in Portuguese (Brazil). Components only render these, so
 * the desk can be reworded, or translated, in this one file.
 */
export const deskCopy = {
  lang: 'pt-BR',
  brand: `Contatos · ${company.name}`,
  skipLink: 'Pular para o conteúdo',
  statuses,
  deliveries,
  layout: {
    signOut: 'Sair',
    signOutEverywhere: 'Sair de todos os aparelhos',
    navLabel: 'Painel',
    overview: 'Visão geral',
    leads: 'Contatos',
    quarantine: (count: number | undefined) =>
      count === undefined ? 'Quarentena' : `Quarentena (${count.toLocaleString('pt-BR')})`,
  },
  login: {
    title: 'Entrar no painel',
    intro: `Acesso restrito à equipe da ${company.name}.`,
    password: 'Senha',
    submit: 'Entrar',
    wrongPassword: 'Senha incorreta. Confira e tente de novo.',
    throttled: {
      address: (retryAfterSeconds: number) =>
        `Muitas tentativas erradas deste endereço. Tente de novo em ${minutes(retryAfterSeconds)}. Um navegador em que você já entrou no painel continua podendo entrar.`,
      device: (retryAfterSeconds: number) =>
        `Muitas tentativas erradas neste navegador. Tente de novo em ${minutes(retryAfterSeconds)}.`,
      everyone: (retryAfterSeconds: number) =>
        `Muitas tentativas erradas de vários endereços. Por segurança, só navegadores em que você já entrou no painel podem entrar agora. Tente de novo em ${minutes(retryAfterSeconds)}.`,
    },
    staleForm: 'A página de entrada expirou. Digite a senha de novo.',
    sessionEnded: 'Sua sessão terminou. Entre de novo para continuar.',
    signedOut: 'Você saiu do painel.',
    signedOutEverywhere: 'Você saiu do painel em todos os navegadores e aparelhos.',
  },
  list: {
    title: 'Contatos',
    filterLegend: 'Buscar e filtrar',
    search: 'Buscar',
    searchHint: 'Nome, e-mail, empresa ou palavras da mensagem.',
    source: 'Origem',
    sourceHint: 'Parte da origem: utm_source ou o site que trouxe a pessoa (ex.: google.com).',
    campaign: 'Campanha',
    campaignHint: 'Parte do utm_campaign.',
    status: 'Situação',
    delivery: 'Envio do e-mail',
    all: 'Todas',
    allDeliveries: 'Todos',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
    total: (count: number, filtered: boolean) =>
      `${plural(count, 'contato', 'contatos')}${filtered ? ' com estes filtros' : ''}`,
    empty: 'Nenhum contato encontrado.',
    caption: 'Contatos, do mais novo ao mais antigo',
    columns: {
      date: 'Recebido em',
      name: 'Nome',
      email: 'E-mail',
      company: 'Empresa',
      message: 'Mensagem',
      status: 'Situação',
      delivery: 'Envio',
    },
    noCompany: '—',
    exportHeading: 'Exportar',
    exportHint: 'Baixa os contatos destes filtros, todas as páginas.',
    exportCsv: 'Baixar CSV (Excel)',
    exportJson: 'Baixar JSON',
    pager: 'Páginas',
    previous: 'Anterior',
    next: 'Próxima',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  overview: {
    title: 'Visão geral',
    intro:
      'As últimas 12 semanas, de segunda a domingo no fuso da empresa. Visitas são visualizações de página contadas sem cookie e sem dados pessoais: a mesma pessoa em duas páginas conta duas vezes.',
    weeksHeading: 'Por semana',
    series: { views: 'Visitas', leads: 'Contatos', meetings: 'Reuniões agendadas' },
    weeksCaption: 'Visitas, contatos e reuniões agendadas por semana, da mais antiga à atual',
    week: 'Semana de',
    currentWeek: (label: string) => `${label} (atual)`,
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
    direct: 'Direto (sem origem)',
    otherSources: 'Outras (acima do limite diário)',
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
    meetingsHeading: 'Próximas reuniões',
    meetingsCaption: 'As próximas 5 reuniões',
    meetingColumns: { when: 'Quando', who: 'Com', status: 'Situação' },
    meetingStatuses: { confirmed: 'Confirmada', held: 'Reservada pela empresa' },
    noMeetings: 'Nenhuma reunião marcada.',
  },
  lead: {
    back: 'Voltar aos contatos',
    title: (name: string) => `Contato de ${name}`,
    /** Before the name in the page's heading (the name is rendered apart, isolated). */
    heading: 'Contato de',
    received: 'Recebido em',
    email: 'E-mail',
    company: 'Empresa',
    status: 'Situação',
    delivery: 'Envio do e-mail',
    deliveryError: (error: string) => `Último erro: ${error}`,
    deliveryRefusedHint:
      'O servidor de e-mail recusou esta mensagem de vez: ela não será reenviada sozinha. Leia-a aqui ou use “Reenviar notificação”.',
    message: 'Mensagem',
    reply: 'Responder por e-mail',
    replySubject: `Re: sua mensagem para a ${company.name}`,
    statusHeading: 'Situação',
    statusLabel: 'Situação do contato',
    saveStatus: 'Salvar situação',
    noteHeading: 'Nota interna',
    noteLabel: 'Nota',
    noteHint: 'Só a equipe vê. Até 5000 caracteres.',
    saveNote: 'Salvar nota',
    resendHeading: 'Notificação por e-mail',
    resendHint: `Envia de novo o e-mail deste contato para a caixa da ${company.name}, mesmo que o limite por hora já tenha sido atingido.`,
    resend: 'Reenviar notificação',
    eraseHeading: 'Apagar dados (LGPD)',
    eraseHint:
      'Use quando a pessoa pedir a exclusão dos dados dela. Não dá para desfazer. Fica registrado que houve uma exclusão e quando, sem dados pessoais.',
    eraseMailbox:
      'Os e-mails que já chegaram à caixa da empresa não são apagados por aqui: apague-os também no programa de e-mail.',
    eraseConfirm: 'Confirmo que a pessoa pediu a exclusão e quero apagar este contato.',
    eraseOthers: (others: number) =>
      `Apagar também ${plural(others, 'outro contato', 'outros contatos')} enviados deste e-mail.`,
    erase: 'Apagar definitivamente',
    attributionHeading: 'De onde veio',
    attributionNone:
      'Sem origem conhecida: a pessoa digitou o endereço, usou um favorito ou veio de um aplicativo que não informa de onde.',
    attribution: {
      referrer_origin: 'Site de origem',
      landing_path: 'Página de chegada',
      utm_source: 'utm_source',
      utm_medium: 'utm_medium',
      utm_campaign: 'utm_campaign',
      utm_term: 'utm_term',
      utm_content: 'utm_content',
    },
  },
  quarantine: {
    title: 'Quarentena',
    intro: (days: number) =>
      `Mensagens que pareciam enviadas por um programa, e não por uma pessoa. Quem as enviou viu a confirmação de sempre, mas nenhuma foi encaminhada por e-mail. Restaure as que foram escritas por pessoas: elas viram contatos e a notificação é enviada. As outras são apagadas sozinhas ${plural(days, 'dia', 'dias')} depois de chegar.`,
    total: (count: number) => plural(count, 'mensagem em quarentena', 'mensagens em quarentena'),
    empty: 'Nenhuma mensagem em quarentena.',
    full: (max: number) =>
      `A quarentena está cheia (${plural(max, 'mensagem', 'mensagens')}): novas mensagens suspeitas não estão sendo guardadas. Apague as que forem lixo para abrir espaço.`,
    /** Followed by the visitor's name, isolated (frame/visitor-text.tsx). */
    entryHeading: 'Mensagem de',
    received: 'Recebida em',
    email: 'E-mail',
    company: 'Empresa',
    reason: 'Por que está aqui',
    reasons: {
      trap_filled:
        'Veio com o campo escondido preenchido, o que robôs fazem (e, às vezes, o preenchimento automático do navegador).',
      too_fast:
        'Foi enviada poucos segundos depois de a página abrir, mais rápido do que uma pessoa costuma escrever.',
    },
    message: 'Mensagem',
    restore: 'Restaurar como contato',
    delete: 'Apagar',
    emptyHeading: 'Apagar todas',
    emptyHint: 'Apaga todas as mensagens em quarentena, de todas as páginas. Não dá para desfazer.',
    emptyConfirm: 'Confirmo que quero apagar todas as mensagens em quarentena.',
    emptySubmit: 'Apagar todas',
    pager: 'Páginas da quarentena',
  },
  /** Around what visitors typed (frame/visitor-text.tsx). */
  visitorText: {
    marker: (code: string) => `⟨${code}⟩`,
    hiddenTitle: (code: string, direction: boolean) =>
      direction
        ? `Caractere invisível que muda a direção do texto (${code}), mostrado aqui no lugar dele.`
        : `Caractere invisível (${code}), mostrado aqui no lugar dele.`,
    mixedScripts: (scripts: LookAlikeScript[]) =>
      `⚠ Alfabetos misturados: ${listOf(scripts.map((script) => scriptNames[script]))}`,
    mixedScriptsTitle:
      'Há letras de alfabetos diferentes que parecem iguais na mesma palavra: pode ser alguém se passando por outro nome.',
    mixedWordTitle: (scripts: LookAlikeScript[]) =>
      `Palavra com letras dos alfabetos ${listOf(scripts.map((script) => scriptNames[script]))}.`,
    noteWarning: 'A nota tem caracteres invisíveis ou alfabetos misturados:',
  },
  notices: {
    status: 'Situação salva.',
    note: 'Nota salva.',
    resent: 'Notificação reenviada.',
    resendFailed:
      'O servidor de e-mail recusou o reenvio. Ele será tentado de novo automaticamente.',
    resendBusy: 'Este e-mail está sendo enviado agora. Tente de novo em alguns minutos.',
    resendRefused:
      'O servidor de e-mail recusou de novo esta mensagem, de vez. Ela não será reenviada sozinha; o contato continua guardado aqui.',
    erased: (count: number) =>
      `${plural(count, 'contato apagado', 'contatos apagados')}. A exclusão ficou registrada, sem dados pessoais.`,
    eraseUnconfirmed: 'Marque a confirmação para apagar o contato.',
    invalidStatus: 'Escolha uma situação da lista.',
    noteTooLong: 'A nota pode ter até 5000 caracteres.',
    restored: 'Mensagem restaurada: agora é um contato, e a notificação foi enviada por e-mail.',
    restoredMailFailed:
      'Mensagem restaurada: agora é um contato. A notificação por e-mail não saiu agora; ela será tentada de novo automaticamente.',
    restoreRefused:
      'Esta mensagem não pôde ser restaurada: ela não segue as regras do formulário de contato.',
    quarantineDeleted: 'Mensagem apagada da quarentena.',
    quarantineEmptied: (count: number) =>
      `${plural(count, 'mensagem apagada', 'mensagens apagadas')} da quarentena.`,
    quarantineUnconfirmed: 'Marque a confirmação para apagar todas as mensagens.',
  },
  errors: {
    notFoundTitle: 'Contato não encontrado',
    notFound: 'Este contato não existe mais. Ele pode ter sido apagado.',
    forbiddenTitle: 'Ação recusada',
    forbidden:
      'Não foi possível confirmar que o pedido veio desta página. Volte, recarregue a página e tente de novo.',
  },
  export: {
    fileName: 'contatos',
    columns: [
      'Recebido em',
      'Nome',
      'E-mail',
      'Empresa',
      'Mensagem',
      'Situação',
      'Envio do e-mail',
      'Erro de envio',
      'Nota',
      'Site de origem',
      'Página de chegada',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
    ],
    statuses,
    deliveries,
  },
} as const
