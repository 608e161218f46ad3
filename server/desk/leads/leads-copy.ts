import { describeDuration } from '#shared/support/durations.ts'
import { companyName } from '#shared/company/company-name.ts'
import { layoutCopy, plural } from '../layout/layout-copy.ts'
import type { AnswerVia, Delivery } from './lead.ts'
import type { AnswerFilter } from './lead-filter.ts'
import { REPLY_BODY_LIMIT, REPLY_SUBJECT_LIMIT } from './replies/reply-limits.ts'

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
 * The leads' words, in Portuguese (Brazil): the list and its filters, a lead's page, the
 * export's columns and the notices after an action on a lead. A lead's status and the words
 * other features show too are in layout/layout-copy.ts.
 */
export const leadsCopy = {
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
    exportHeading: 'Exportar',
    exportHint: 'Baixa os contatos destes filtros, todas as páginas.',
    exportCsv: 'Baixar CSV (Excel)',
    exportJson: 'Baixar JSON',
  },
  lead: {
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
      waiting: (waited: string, due: string | null) =>
        `Sem resposta há ${waited}.${due === null ? '' : ` O prazo vence às ${due}.`}`,
      late: (waited: string, due: string | null) =>
        `Sem resposta há ${waited}: o prazo venceu${due === null ? '' : ` às ${due}`}.`,
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
    noteHint: 'Só a equipe vê. Até 5000 caracteres.',
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
    statuses: layoutCopy.leadStatuses,
    deliveries,
  },
  /** What a redirect after one of its actions says at the top of the page (layout/notices.ts). */
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
  },
} as const
