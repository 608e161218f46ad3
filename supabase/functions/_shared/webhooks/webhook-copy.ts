/**
 * Every word the readable webhook messages (Slack, Microsoft Teams, Discord) show, in
 * Portuguese (Brazil). The signed JSON carries data only; webhook-messages.ts writes these
 * around it. Rewording or translating happens in this one file.
 */
export const webhookCopy = {
  titles: {
    'lead.created': 'Novo contato pelo site',
    'booking.created': 'Nova consultoria marcada pelo site',
    'booking.rescheduled': 'Consultoria remarcada',
    'booking.cancelled': 'Consultoria cancelada',
    'lead.overdue': 'Contato ainda sem resposta: o prazo está acabando',
  },
  labels: {
    name: 'Nome',
    email: 'E-mail',
    company: 'Empresa',
    received: 'Recebido em',
    when: 'Quando',
    previous: 'Antes era',
    room: 'Sala',
    cancelledBy: 'Cancelada por',
    message: 'Mensagem',
    note: 'Assunto',
    cancelMessage: 'Mensagem de quem cancelou',
    deadline: 'Prazo de resposta',
    happened: 'O que houve',
    toDo: 'O que fazer',
  },
  noCompany: '—',
  cancelledBy: { visitor: 'quem marcou', company: 'a empresa' } as Record<string, string>,
  /** A local date and time ('26/11/2026', '14:30') and the zone it is on. */
  dateTime: (date: string, time: string, zone: string) => `${date} às ${time} (${zone})`,
  openInDesk: 'Abrir no painel',
  /** Before an incident's title (pipeline.incident). */
  incidentPrefix: 'Alerta do site: ',
  /** After a text cut to fit a service's limit (Discord: 2000 characters a message). */
  cut: '… (texto completo no painel)',
  /**
   * A digest's title (decision 060): past the hour's cap of posts of one type, the rest of that
   * type arrive together, `n` in one post.
   */
  digestTitles: {
    'lead.created': (n: string) => `${n} novos contatos pelo site`,
    'lead.overdue': (n: string) => `${n} contatos ainda sem resposta: o prazo está acabando`,
    'booking.created': (n: string) => `${n} novas consultorias marcadas pelo site`,
    'booking.rescheduled': (n: string) => `${n} consultorias remarcadas`,
    'booking.cancelled': (n: string) => `${n} consultorias canceladas`,
    'pipeline.incident': (n: string) => `Alertas do site: ${n} problemas`,
  } as Record<string, (n: string) => string>,
  /** Any other type's digest title. */
  digestTitle: (n: string) => `${n} avisos do site`,
  digestNote:
    'Chegaram muitos avisos deste tipo na última hora: para não lotar o canal, os próximos vêm juntos, em resumos como este.',
  /** The link beside each item of a digest. */
  openOne: 'abrir',
  deadlineShort: 'prazo',
} as const
