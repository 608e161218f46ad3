import { company } from '../../supabase/functions/_shared/company.ts'
import { companyName } from '../../supabase/functions/_shared/company-name.ts'
import type { LookAlikeScript } from './frame/visitor-text-parts.ts'
import type { BookingOutcome, BookingStatus } from './agenda/booking.ts'
import type { AgendaView } from './desk-paths.ts'
import type { AnswerVia, Delivery, LeadStatus } from './leads/lead.ts'
import type { AnswerFilter } from './leads/lead-filter.ts'
import { describeDuration } from '../../supabase/functions/_shared/durations.ts'
import { REPLY_BODY_LIMIT, REPLY_SUBJECT_LIMIT } from './leads/replies/reply-limits.ts'
import type { WebhookFormat } from '../../supabase/functions/_shared/webhook-receivers.ts'

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

const bookingStatuses: Record<BookingStatus, string> = {
  pending: 'aguardando confirmação',
  expired: 'não confirmada',
  confirmed: 'confirmada',
  held: 'realizada',
  no_show: 'não compareceu',
  cancelled: 'cancelada',
}

const deliveries: Record<Delivery, string> = {
  enviado: 'enviado',
  pendente: 'pendente',
  falhou: 'falhou',
  recusado: 'recusado',
}

const answerFilters: Record<AnswerFilter, string> = {
  sem_resposta: 'Sem resposta',
  atrasado: 'Sem resposta, fora do prazo',
  respondido: 'Respondidos',
}

const answerVias: Record<AnswerVia, string> = {
  resposta: 'resposta pelo painel',
  manual: 'marcado como respondido',
  situacao: 'situação mudou para em contato ou fechado',
  reuniao: 'reunião marcada',
}

/**
 * Every word the lead desk shows, in Portuguese (Brazil). Components only render these, so
 * the desk can be reworded, or translated, in this one file.
 */
export const deskCopy = {
  lang: 'pt-BR',
  /** Beside every page's own title, and atop every page: the desk, not one of its pages. */
  brand: `Painel · ${company.name}`,
  skipLink: 'Pular para o conteúdo',
  statuses,
  deliveries,
  answerFilters,
  answerVias,
  /** How a lead stands against the reply promise, in the list and on its page. */
  answer: {
    waiting: (waited: number) => `esperando há ${describeDuration(waited)}`,
    late: (waited: number) => `atrasado: esperando há ${describeDuration(waited)}`,
    answered: (took: number) => `respondido em ${describeDuration(took)}`,
    notCounted: '—',
  },
  /** The banner across every page while the pipeline has an open incident. */
  incidents: {
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
  },
  layout: {
    signOut: 'Sair',
    signOutEverywhere: 'Sair de todos os aparelhos',
    navLabel: 'Painel',
    overview: 'Visão geral',
    leads: 'Contatos',
    agenda: (today: number | undefined) =>
      today === undefined || today === 0
        ? 'Agenda'
        : `Agenda (${today.toLocaleString('pt-BR')} hoje)`,
    quarantine: (count: number | undefined) =>
      count === undefined ? 'Quarentena' : `Quarentena (${count.toLocaleString('pt-BR')})`,
    webhooks: 'Webhooks',
    /** A list's title past its first page, so each page of it has its own. */
    pageTitle: (title: string, page: number) => (page > 1 ? `${title}, página ${page}` : title),
    /** Shown above every page while e-mail does not reach anyone (server/mail/mail-off.ts). */
    mailWarning: {
      off: 'E-mail desligado: este servidor não tem SMTP_URL, então nenhum e-mail sai daqui. Os contatos e as reuniões continuam guardados e aparecem neste painel; os e-mails esperam na fila e saem quando SMTP_URL for configurado e o servidor reiniciado.',
      outbox: (folder: string) =>
        `Modo de desenvolvimento: sem SMTP_URL, os e-mails são gravados como arquivos .eml em ${folder} e ninguém os recebe. Configure SMTP_URL para enviá-los de verdade.`,
    },
  },
  login: {
    title: 'Entrar no painel',
    /** The tab's title, beside the desk's name ('Entrar · Painel · …'). */
    documentTitle: 'Entrar',
    intro: `Acesso restrito à equipe ${companyName.of}.`,
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
    answer: 'Resposta',
    allAnswers: 'Todos',
    all: 'Todas',
    allDeliveries: 'Todos',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
    total: (count: number, filtered: boolean) =>
      `${plural(count, 'contato', 'contatos')}${filtered ? ' com estes filtros' : ''}`,
    empty: 'Nenhum contato encontrado.',
    caption: 'Contatos, do mais novo ao mais antigo',
    waitingCaption: 'Contatos sem resposta, do que espera há mais tempo ao mais recente',
    waiting: {
      none: 'Nenhum contato esperando resposta.',
      summary: (count: number, late: number, oldestMs: number) =>
        `${plural(count, 'contato espera', 'contatos esperam')} a primeira resposta${late > 0 ? `, ${plural(late, 'já fora do prazo', 'já fora do prazo')}` : ''}; o mais antigo há ${describeDuration(oldestMs)}.`,
      show: 'Ver os que esperam, mais antigos primeiro',
    },
    columns: {
      date: 'Recebido em',
      name: 'Nome',
      email: 'E-mail',
      company: 'Empresa',
      message: 'Mensagem',
      status: 'Situação',
      delivery: 'Envio',
      answer: 'Resposta',
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
    weeksCaption:
      'Visitas, contatos e reuniões agendadas por semana, da mais antiga à atual, nas semanas com movimento',
    week: 'Semana de',
    currentWeek: (label: string) => `${label} (atual)`,
    /** A bar's tooltip: 'Semana de 07/09: 12'. */
    barTitle: (week: string, value: number) =>
      `Semana de ${week}: ${value.toLocaleString('pt-BR')}`,
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
    answersHeading: 'Tempo de resposta',
    answersIntro: (promise: string) =>
      `O site promete resposta em até ${promise}. Por semana, contando de quando a pessoa escreveu: a mediana do tempo até a primeira resposta, quantos foram respondidos dentro do prazo e quantos continuam sem resposta depois dele. Não contam os contatos marcados como spam nem as reuniões marcadas direto pela agenda.`,
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
    booking: 'Consultoria',
    bookingLink: (when: string, status: string) => `${when} (${status}): ver na agenda`,
    deliveryError: (error: string) => `Último erro: ${error}`,
    deliveryRefusedHint:
      'O servidor de e-mail recusou esta mensagem de vez: ela não será reenviada sozinha. Leia-a aqui ou use “Reenviar notificação”.',
    message: 'Mensagem',
    answerFact: 'Resposta',
    answerState: {
      answered: (took: string, via: string, at: string) =>
        `Respondido em ${took} (${via}), às ${at}.`,
      waiting: (waited: string, due: string) =>
        `Sem resposta há ${waited}. O prazo vence às ${due}.`,
      late: (waited: string, due: string) => `Sem resposta há ${waited}: o prazo venceu às ${due}.`,
      alerted: (at: string) => `A equipe foi avisada por e-mail e webhook às ${at}.`,
      spam: 'Marcado como spam: não conta no prazo de resposta.',
    },
    replyHeading: 'Responder',
    replyTo: 'Para',
    replyHint:
      'Sai do endereço de e-mail da empresa, com a assinatura dela e a mensagem da pessoa citada abaixo do seu texto; se ela responder, a resposta chega à caixa da equipe.',
    /** A lead whose address nobody confirmed (decision 060): anyone can type anyone's address. */
    unconfirmed: 'e-mail não confirmado',
    unconfirmedTitle:
      'Ninguém confirmou que este endereço é de quem escreveu: qualquer pessoa pode digitar o e-mail de outra.',
    unconfirmedHint:
      'Ninguém confirmou que este e-mail é de quem escreveu (só a confirmação de uma reunião pelo link do e-mail confirma): qualquer pessoa pode digitar o endereço de outra, com um texto dela.',
    replyHintUnconfirmed:
      'Sai do endereço de e-mail da empresa, com a assinatura dela. Como o e-mail não foi confirmado, a resposta não cita nada do que foi escrito no site (nem a mensagem, nem o nome): escreva só o que a empresa quer dizer. Se a pessoa responder, a resposta chega à caixa da equipe.',
    replyTemplates: 'Começar de um modelo:',
    replySubjectLabel: 'Assunto',
    replyBodyLabel: 'Resposta',
    replySubmit: 'Enviar resposta',
    replyOff:
      'Este servidor não envia e-mails para visitantes: responda pelo seu programa de e-mail e marque o contato como respondido.',
    markAnsweredHeading: 'Respondeu por fora?',
    markAnsweredHint:
      'Se você já respondeu pelo seu programa de e-mail, por telefone ou pelo WhatsApp, registre aqui: o contato deixa de esperar resposta e não gera alerta.',
    markAnswered: 'Marcar como respondido',
    timelineHeading: 'Histórico',
    timeline: {
      received: 'Mensagem recebida pelo site.',
      restored: 'Restaurada da quarentena: o prazo de resposta conta daqui.',
      notified: 'Aviso enviado à caixa da empresa.',
      alerted: 'Alerta de prazo enviado à equipe (e-mail e webhook).',
      replyQueued: (subject: string) => `Resposta na fila: “${subject}”.`,
      replySent: (subject: string) => `Resposta enviada: “${subject}”.`,
      replyFailed: (subject: string, error: string) =>
        `Resposta ainda não enviada: “${subject}”. Último erro: ${error}. Ela será tentada de novo.`,
      replyRefused: (subject: string, error: string) =>
        `Resposta recusada de vez pelo servidor de e-mail: “${subject}” (${error}).`,
      showReply: 'Ver o texto enviado',
      answered: (via: string) => `Primeira resposta registrada: ${via}.`,
    },
    reply: 'Responder por e-mail',
    replySubject: `Re: sua mensagem ${companyName.for}`,
    statusHeading: 'Situação',
    statusLabel: 'Situação do contato',
    saveStatus: 'Salvar situação',
    noteHeading: 'Nota interna',
    noteLabel: 'Nota',
    noteHint: 'Só a equipe vê. Até 5000 caracteres.',
    saveNote: 'Salvar nota',
    resendHeading: 'Notificação por e-mail',
    resendHint: `Envia de novo o e-mail deste contato para a caixa ${companyName.of}, mesmo que o limite por hora já tenha sido atingido.`,
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
      `A quarentena está cheia (${plural(max, 'mensagem', 'mensagens')}): só entram, até o dobro, mensagens suspeitas de redes que quase não têm nenhuma aqui; as demais são recusadas, com um aviso para tentar mais tarde ou escrever ou ligar. Apague as que forem lixo para abrir espaço.`,
    /** Followed by the visitor's name, isolated (frame/visitor-text.tsx). */
    entryHeading: 'Mensagem de',
    received: 'Recebida em',
    email: 'E-mail',
    company: 'Empresa',
    source: 'Origem',
    /** Between the source and its campaign (utm_campaign), when there is one. */
    campaignSeparator: ' · campanha ',
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
  agenda: {
    title: 'Agenda',
    intro: 'Consultorias gratuitas marcadas pelo site, no horário da empresa',
    views: {
      proximas: 'Hoje e próximas',
      passadas: 'Passadas',
      canceladas: 'Canceladas',
    } satisfies Record<AgendaView, string>,
    viewsLabel: 'Reuniões',
    tools: 'Ferramentas da agenda',
    toolLinks: {
      closedDays: 'Dias fechados',
      networks: 'Redes e bloqueios',
      release: 'Liberar agendamentos em massa',
      feed: 'Assinar no seu calendário',
    },
    total: (count: number) => plural(count, 'reunião', 'reuniões'),
    empty: {
      proximas: 'Nenhuma reunião marcada de hoje em diante.',
      passadas: 'Nenhuma reunião passada.',
      canceladas: 'Nenhuma reunião cancelada.',
    } satisfies Record<AgendaView, string>,
    today: 'Hoje',
    tomorrow: 'Amanhã',
    columns: {
      time: 'Horário',
      name: 'Nome',
      email: 'E-mail',
      company: 'Empresa',
      note: 'Assunto',
      status: 'Situação',
      meeting: 'Reunião',
      lead: 'Contato',
      cancelled: 'Cancelada em',
    },
    meetingLink: 'Entrar',
    meetingLinkLabel: (name: string) => `Entrar na reunião com ${name}`,
    leadLink: 'Ver contato',
    leadLinkLabel: (name: string) => `Ver o contato de ${name}`,
    statuses: bookingStatuses,
    cancelledBy: { visitor: 'pelo visitante', company: 'pela empresa' },
    pager: 'Páginas da agenda',
    busyFeed: {
      heading: 'Calendário da empresa',
      never:
        'O calendário da empresa ainda não foi lido: os horários livres não descontam os compromissos da equipe.',
      ok: (when: string, inForce: number) =>
        `Lido em ${when}: ${plural(inForce, 'compromisso em vigor', 'compromissos em vigor')}, descontados dos horários livres.`,
      failing: (when: string, error: string) =>
        `Não foi possível ler o calendário da empresa em ${when} (${error}).`,
      lastSuccess: (when: string, inForce: number) =>
        `Os horários livres descontam o que foi lido em ${when}: ${plural(inForce, 'compromisso em vigor', 'compromissos em vigor')}. Compromissos marcados depois disso não estão descontados.`,
      neverSucceeded:
        'Ele nunca foi lido com sucesso: os horários livres não descontam os compromissos da equipe.',
    },
  },
  booking: {
    back: 'Voltar à agenda',
    title: (name: string) => `Reunião com ${name}`,
    /** Before the name in the page's heading (the name is rendered apart, isolated). */
    heading: 'Reunião com',
    when: 'Quando',
    visitorClock: (time: string, zone: string) => `No horário de quem marcou: ${time} (${zone})`,
    status: 'Situação',
    cancelled: (when: string, by: string) => `Cancelada em ${when}, ${by}.`,
    cancelMessage: 'Mensagem do cancelamento',
    email: 'E-mail',
    company: 'Empresa',
    note: 'Assunto',
    meeting: 'Reunião',
    booked: 'Marcada em',
    moves: 'Remarcações',
    lead: 'Contato',
    leadLink: 'Abrir o contato',
    leadStatus: (status: string) => `situação do contato: ${status}`,
    cancelHeading: 'Cancelar a reunião',
    cancelHint:
      'A pessoa recebe um e-mail com o cancelamento (e a mensagem abaixo, se houver), e o convite some da agenda dela e da caixa da empresa.',
    cancelMessageLabel: 'Mensagem para a pessoa (opcional)',
    cancelMessageHint: 'Até 1000 caracteres.',
    cancelConfirm: 'Confirmo que quero cancelar esta reunião e avisar a pessoa por e-mail.',
    cancel: 'Cancelar reunião',
    outcomeHeading: 'Como foi',
    outcomeHint:
      'Depois do horário da reunião, marque se ela aconteceu. Uma reunião marcada assim não pode mais ser mudada pelo visitante.',
    outcomeLabel: 'Resultado da reunião',
    outcomes: { held: 'Realizada', no_show: 'Não compareceu' } satisfies Record<
      BookingOutcome,
      string
    >,
    saveOutcome: 'Salvar resultado',
    noteHeading: 'Nota interna',
    noteHint: 'A nota do contato: só a equipe vê. Até 5000 caracteres.',
    releaseHeading: 'Liberar agendamentos falsos',
    releaseHint:
      'Para agendamentos feitos por robôs ou com e-mails de outras pessoas: cancela as reuniões futuras sem avisar ninguém (o e-mail pode ser de um inocente) e marca os contatos como spam.',
    releaseByEmail: (count: number) =>
      `Todas deste e-mail: ${plural(count, 'reunião futura', 'reuniões futuras')}`,
    releaseByAddress: (count: number) =>
      `Todas deste endereço de internet: ${plural(count, 'reunião futura', 'reuniões futuras')}`,
    addressUnknown: 'O endereço de internet de quem marcou não é conhecido.',
    releaseScope: 'O que liberar',
    releaseConfirm: 'Confirmo que são agendamentos falsos e quero liberá-los sem avisar ninguém.',
    release: 'Liberar sem avisar',
    holdHint: (until: string) =>
      `Aguardando a pessoa confirmar pelo link do e-mail até ${until}. Sem a confirmação, o horário é liberado sozinho e nada é enviado à empresa.`,
    expiredHint:
      'A pessoa não confirmou pelo e-mail a tempo: não é uma reunião, e o horário foi liberado.',
    blockHeading: 'Bloquear a rede de onde veio',
    blockHint: (network: string) =>
      `Rede ${network}. Por 30 dias, ninguém dessa rede consegue agendar, confirmar, remarcar, cancelar nem enviar o formulário de contato; cada um vê uma mensagem pedindo para falar por e-mail ou telefone.`,
    blockedAlready: (network: string) => `A rede ${network} está bloqueada.`,
    networkUnknown: 'A rede de quem marcou não é conhecida: não há o que bloquear.',
  },
  networks: {
    title: 'Redes e bloqueios',
    intro:
      'De onde vêm os agendamentos das últimas 24 horas, por rede (um bloco IPv6 /48 ou IPv4 /24, como os limites contam). Muitos pedidos de uma rede, e poucos confirmados pelo e-mail, são sinal de robô.',
    summary: (booked: number, networks: number, unconfirmed: number) =>
      `${plural(booked, 'agendamento', 'agendamentos')} de ${plural(networks, 'rede', 'redes')}; ${plural(unconfirmed, 'não confirmado', 'não confirmados')} a tempo.`,
    unknown: (count: number) =>
      `${plural(count, 'agendamento', 'agendamentos')} de endereço desconhecido (confira TRUST_PROXY).`,
    none: 'Nenhum agendamento nas últimas 24 horas.',
    activityHeading: 'Últimas 24 horas',
    columns: {
      network: 'Rede',
      booked: 'Agendamentos',
      addresses: 'Endereços',
      waiting: 'Aguardando',
      unconfirmed: 'Não confirmados',
      confirmed: 'Confirmados',
      last: 'Último',
      action: 'Ação',
    },
    blockedBadge: 'bloqueada',
    rowHint:
      '“Bloquear” fecha a rede por 30 dias e libera os agendamentos futuros dela, sem avisar ninguém.',
    block: 'Bloquear',
    blockLabel: (network: string) => `Bloquear a rede ${network}`,
    releaseToo: 'Liberar também os agendamentos futuros dela, sem avisar ninguém',
    blockedHeading: 'Redes bloqueadas',
    noneBlocked: 'Nenhuma rede bloqueada.',
    blockedLine: (network: string, since: string, until: string | null) =>
      `${network}: bloqueada em ${since}${until === null ? '' : `, até ${until}`}`,
    unblock: 'Desbloquear',
    unblockLabel: (network: string) => `Desbloquear a rede ${network}`,
    addHeading: 'Bloquear uma rede ou endereço',
    addLabel: 'Rede ou endereço',
    addHint:
      'Um endereço IPv4 ou IPv6 (bloqueia o endereço, ou o /64 dele), ou um bloco como 2001:db8:1::/48 ou 203.0.113.0/24. Por 30 dias.',
    reason: 'Motivo (opcional)',
    reasonHint: 'Só a equipe vê. Até 200 caracteres.',
  },
  closedDays: {
    title: 'Dias fechados',
    intro: (horizon: string) =>
      `Dias em que não há consultorias, além dos feriados nacionais: nenhum horário é oferecido neles a partir de agora. O site oferece horários até ${horizon}.`,
    upcoming: 'Próximos dias fechados',
    none: 'Nenhum dia fechado daqui em diante.',
    noReason: 'sem motivo',
    reopen: 'Reabrir',
    reopenLabel: (day: string) => `Reabrir ${day}`,
    addHeading: 'Fechar um dia',
    day: 'Dia',
    reason: 'Motivo (opcional)',
    reasonHint: 'Só a equipe vê. Até 200 caracteres. Ex.: feriado municipal, férias coletivas.',
    add: 'Fechar o dia',
    holidays: 'Feriados até o fim do período de agendamento',
    noHolidays: 'Nenhum feriado até o fim do período de agendamento.',
    holidayClosed: 'sem consultorias',
    holidayOpen: 'aberto (as configurações da agenda não fecham este dia)',
    holidayUntil: (time: string) => `sem consultorias até as ${time}`,
    meetingsRemain: (count: number) =>
      `Este dia ainda tem ${plural(count, 'reunião marcada', 'reuniões marcadas')}. Ele não foi fechado. Para fechá-lo, cancele ${count === 1 ? 'a reunião' : 'as reuniões'} abaixo marcando a confirmação (cada pessoa recebe um e-mail), ou escolha outro dia.`,
    cancelMeetings: (count: number) =>
      `Cancelar também ${count === 1 ? 'esta reunião' : `estas ${count} reuniões`} e avisar cada pessoa por e-mail.`,
    cancelMessage: 'Mensagem para as pessoas (opcional)',
    dayPassed: 'Escolha um dia de hoje em diante.',
    dayInvalid: 'Escolha um dia válido.',
    reasonTooLong: 'O motivo pode ter até 200 caracteres.',
    messageTooLong: 'A mensagem pode ter até 1000 caracteres.',
  },
  release: {
    title: 'Liberar agendamentos em massa',
    intro:
      'Durante uma enxurrada de agendamentos falsos: cancela todas as reuniões futuras marcadas a partir de um momento, sem avisar ninguém (os e-mails podem ser de inocentes), e marca os contatos como spam. Reuniões já passadas não mudam.',
    since: 'Marcadas desde',
    sinceHint: 'Dia e hora no horário da empresa.',
    preview: 'Ver o que será liberado',
    sinceInvalid: 'Escolha um dia e uma hora válidos.',
    found: (count: number, since: string) =>
      `${plural(count, 'reunião futura marcada', 'reuniões futuras marcadas')} desde ${since}.`,
    nothing: (since: string) => `Nenhuma reunião futura foi marcada desde ${since}.`,
    more: (count: number) => `… e mais ${plural(count, 'reunião', 'reuniões')}.`,
    bookedAt: 'marcada em',
    confirm: 'Confirmo que são agendamentos falsos e quero liberá-los sem avisar ninguém.',
    submit: 'Liberar sem avisar',
  },
  feed: {
    title: 'Assinar no seu calendário',
    intro:
      'Um endereço secreto com as reuniões marcadas (dos últimos 30 dias em diante), para assinar no aplicativo de calendário da equipe. As canceladas somem dele.',
    howToHeading: 'Como assinar',
    howTo: [
      'Google Agenda: Outras agendas → + → Do URL.',
      'Outlook: Adicionar calendário → Assinar da Web.',
      'Calendário da Apple: Arquivo → Nova Assinatura de Calendário.',
    ],
    refresh:
      'Cada aplicativo atualiza a assinatura no seu próprio ritmo (o Google, a cada algumas horas): para saber de uma mudança na hora, valem os e-mails da agenda.',
    secret:
      'Quem tiver o endereço vê as reuniões, com nome e e-mail de cada pessoa: trate-o como uma senha.',
    none: 'Nenhum endereço foi criado ainda.',
    exists: (when: string) =>
      `Um endereço foi criado em ${when}. Por segurança, ele só é mostrado uma vez.`,
    create: 'Criar o endereço',
    replace: 'Criar um novo endereço',
    replaceConfirm:
      'Confirmo: o endereço atual deixa de funcionar, e quem o assinou precisa assinar o novo.',
    created: 'Endereço criado. Copie-o agora: ele não será mostrado de novo.',
    newAddress: 'Novo endereço',
    address: 'Endereço da assinatura',
    addressHint: 'Clique no campo, selecione tudo (Ctrl+A ou ⌘A) e copie (Ctrl+C ou ⌘C).',
    openInApp: 'Abrir no aplicativo de calendário deste computador',
  },
  webhooks: {
    title: 'Webhooks',
    intro:
      'Endereços que recebem cada novo contato e cada consultoria marcada, remarcada ou cancelada: como JSON assinado (para n8n, Make, Zapier ou um CRM) ou como mensagem num canal do Slack, do Microsoft Teams ou do Discord. Cada destino tem a sua fila e as suas tentativas: um destino fora do ar não atrasa os outros nem o e-mail.',
    whereFrom:
      'Os destinos vêm da configuração WEBHOOK_URLS do servidor (no Supabase, da tabela private.webhook_receivers). O endereço completo não aparece aqui: o de um webhook do Slack ou do Discord é a própria chave do canal.',
    none: 'Nenhum destino configurado.',
    formats: {
      standard: 'JSON assinado (Standard Webhooks)',
      slack: 'Mensagem no Slack',
      teams: 'Mensagem no Microsoft Teams',
      discord: 'Mensagem no Discord',
    } satisfies Record<WebhookFormat, string>,
    format: 'Formato',
    signing: 'Assinatura',
    ownSecret: 'segredo próprio deste destino',
    sharedSecret: 'WEBHOOK_SECRET',
    state: 'Situação',
    active: 'Ativo',
    disabled: (when: string) =>
      `Desativado em ${when}: o destino respondeu 410 (não quer mais receber). O que chegar fica na fila até ele ser reativado.`,
    unlisted: 'Fora da configuração: nada novo vai para ele; o que ficou na fila não é enviado.',
    pending: 'Na fila',
    failed: 'Separados depois de 10 tentativas',
    deliveredLastWeek: 'Entregues nos últimos 7 dias',
    oldestUndelivered: 'Mais antigo ainda não entregue',
    lastSuccess: 'Última entrega',
    lastError: 'Último erro',
    never: 'nunca',
    nothingWaiting: '—',
    errorAt: (when: string, error: string) => `${when}: ${error}`,
    retry: 'Tentar agora',
    retryHint:
      'Reativa o destino e tenta agora tudo o que ele ainda não recebeu, inclusive o que foi separado. Quem guarda o webhook-id recebe cada evento uma vez só.',
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
    replySent: 'Resposta enviada para o e-mail da pessoa. Ela ficou registrada no histórico.',
    replyQueued:
      'Resposta na fila: o servidor de e-mail está demorando, e ela sai assim que ele aceitar.',
    replyFailed:
      'O servidor de e-mail não aceitou a resposta agora. Ela será tentada de novo automaticamente; acompanhe no histórico.',
    replyRefused:
      'O servidor de e-mail recusou esta resposta de vez. Veja o motivo no histórico e escreva de outra forma.',
    replyIncomplete: `Escreva o assunto (até ${REPLY_SUBJECT_LIMIT} caracteres) e a resposta (até ${REPLY_BODY_LIMIT.toLocaleString('pt-BR')} caracteres).`,
    replyNoMail:
      'Este servidor não envia e-mails para visitantes: responda pelo seu programa de e-mail.',
    markedAnswered: 'Contato marcado como respondido.',
    alreadyAnswered: 'Este contato já estava respondido.',
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
    bookingCancelled:
      'Reunião cancelada. A pessoa e a caixa da empresa recebem o cancelamento por e-mail.',
    cancelUnconfirmed: 'Marque a confirmação para cancelar a reunião.',
    alreadyCancelled: 'Esta reunião já estava cancelada.',
    alreadyPast: 'Esta reunião já começou ou já passou: ela não pode mais ser cancelada.',
    messageTooLong: 'A mensagem pode ter até 1000 caracteres.',
    outcome: 'Resultado salvo.',
    outcomeTooEarly: 'O resultado só pode ser marcado depois do horário da reunião.',
    released: (count: number) =>
      `${plural(count, 'reunião liberada', 'reuniões liberadas')}, sem avisar ninguém. ${count === 1 ? 'O contato foi marcado' : 'Os contatos foram marcados'} como spam.`,
    nothingReleased: 'Nenhuma reunião futura para liberar.',
    releaseUnconfirmed: 'Marque a confirmação para liberar os agendamentos.',
    dayClosed: (cancelled: number | undefined) =>
      cancelled === undefined
        ? 'Dia fechado: nenhum horário é oferecido nele.'
        : `Dia fechado: nenhum horário é oferecido nele. ${plural(cancelled, 'reunião cancelada', 'reuniões canceladas')}; cada pessoa recebe um e-mail.`,
    dayReopened: 'Dia reaberto: os horários livres dele voltam a ser oferecidos.',
    webhookRetrying: (count: number) =>
      `${plural(count, 'envio vai', 'envios vão')} ser tentado${count === 1 ? '' : 's'} de novo nos próximos segundos.`,
    webhookEnabled: 'Destino reativado. Não havia nada na fila para ele.',
    networkBlocked: (released: number | undefined) =>
      released === undefined || released === 0
        ? 'Rede bloqueada por 30 dias.'
        : `Rede bloqueada por 30 dias. ${plural(released, 'agendamento futuro liberado', 'agendamentos futuros liberados')}, sem avisar ninguém.`,
    networkUnblocked: 'Rede desbloqueada.',
    networkInvalid: 'Escreva um endereço IPv4 ou IPv6, ou um bloco como 2001:db8:1::/48.',
    incidentDismissed:
      'Alerta dispensado: ele sai da faixa de alertas e se encerra quando o problema acabar.',
    incidentGone: 'Esse alerta já tinha sido encerrado ou dispensado.',
    networkTooWide:
      'Esse bloco é largo demais (mais que um IPv4 /16 ou um IPv6 /32): escolha um menor.',
  },
  errors: {
    notFoundTitle: 'Contato não encontrado',
    notFound: 'Este contato não existe mais. Ele pode ter sido apagado.',
    bookingNotFoundTitle: 'Reunião não encontrada',
    bookingNotFound:
      'Esta reunião não existe mais. O contato dela pode ter sido apagado, ou o endereço está errado.',
    pageNotFoundTitle: 'Página não encontrada',
    pageNotFound: 'Este endereço não existe no painel.',
    forbiddenTitle: 'Ação recusada',
    forbidden:
      'Não foi possível confirmar que o pedido veio desta página. Volte, recarregue a página e tente de novo.',
    databaseDownTitle: 'Banco de dados fora do ar',
    databaseDown:
      'O banco de dados não está respondendo agora, então o painel não pode abrir. Nada do que já foi salvo se perdeu: tente de novo em alguns instantes.',
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
