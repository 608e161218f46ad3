import { plural } from '../layout/layout-copy.ts'
import type { AgendaView } from '../desk-paths.ts'
import type { BookingOutcome } from './booking.ts'

/**
 * The agenda's words, in Portuguese (Brazil): its list of meetings, a meeting's page, its tools
 * (networks, closed days, the release of fake bookings, the calendar feed) and the notices after
 * their actions. A meeting's status, and the lead's note it edits, are in layout/layout-copy.ts.
 */
export const agendaCopy = {
  list: {
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
    intro: (horizon: string, replyInOfficeHours: boolean) =>
      `Dias em que não há consultorias, além dos feriados nacionais: nenhum horário é oferecido neles a partir de agora. Os feriados estaduais e municipais entram aqui.${replyInOfficeHours ? ' O prazo de resposta aos contatos também não corre nesses dias, como nos feriados nacionais.' : ''} O site oferece horários até ${horizon}.`,
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
  /** What a redirect after one of its actions says at the top of the page (layout/notices.ts). */
  notices: {
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
    networkBlocked: (released: number | undefined) =>
      released === undefined || released === 0
        ? 'Rede bloqueada por 30 dias.'
        : `Rede bloqueada por 30 dias. ${plural(released, 'agendamento futuro liberado', 'agendamentos futuros liberados')}, sem avisar ninguém.`,
    networkUnblocked: 'Rede desbloqueada.',
    networkInvalid: 'Escreva um endereço IPv4 ou IPv6, ou um bloco como 2001:db8:1::/48.',
    networkTooWide:
      'Esse bloco é largo demais (mais que um IPv4 /16 ou um IPv6 /32): escolha um menor.',
  },
} as const
