/**
 * The replies the team starts from when it answers a lead in the desk: content the company
 * edits (reword, add, remove), never code. Each is only a starting point: the team reads and
 * changes the text before sending. In the subject and body, {nome} becomes the visitor's first
 * name, {empresa} the company's name (company.ts), {a empresa} and {na empresa} the name with its article ('a
 * Aurora Digital', 'na Aurora Digital'; 'o Grupo Faria', 'no Grupo Faria') and {agenda} the address of the free
 * consultation's agenda. The e-mail adds the company's signature and quotes the visitor's
 * message below the text by itself.
 */
export interface ReplyTemplate {
  /** In the desk's address (?modelo=…): lower case letters, digits and dashes. */
  readonly id: string
  /** The link that picks it. */
  readonly label: string
  readonly subject: string
  readonly body: string
}

export const replyTemplates: readonly ReplyTemplate[] = [
  {
    id: 'primeira-resposta',
    label: 'Primeira resposta',
    subject: 'Re: sua mensagem para {a empresa}',
    body: [
      'Olá, {nome}!',
      '',
      'Obrigado por escrever para {a empresa}. Lemos a sua mensagem e queremos entender melhor o que você precisa.',
      '',
      '',
    ].join('\n'),
  },
  {
    id: 'propor-conversa',
    label: 'Propor uma conversa',
    subject: 'Re: sua mensagem para {a empresa}',
    body: [
      'Olá, {nome}!',
      '',
      'Obrigado pela mensagem. O melhor próximo passo é uma conversa rápida, por vídeo e sem compromisso, para entendermos o seu projeto.',
      '',
      'Escolha o dia e o horário que preferir em {agenda}: a confirmação chega por e-mail, com o link da reunião.',
    ].join('\n'),
  },
  {
    id: 'pedir-detalhes',
    label: 'Pedir mais detalhes',
    subject: 'Re: sua mensagem para {a empresa}',
    body: [
      'Olá, {nome}!',
      '',
      'Obrigado pela mensagem. Para avaliarmos o seu pedido, pode nos contar um pouco mais?',
      '',
      '- o que o sistema precisa fazer;',
      '- quem vai usá-lo;',
      '- se existe um prazo ou um orçamento previsto.',
    ].join('\n'),
  },
  {
    id: 'agradecer-e-recusar',
    label: 'Agradecer e recusar',
    subject: 'Re: sua mensagem para {a empresa}',
    body: [
      'Olá, {nome}!',
      '',
      'Obrigado por pensar {na empresa}. Infelizmente esse tipo de projeto não está entre os que atendemos hoje, e preferimos dizer isso logo a fazer você esperar.',
      '',
      'Boa sorte com o projeto!',
    ].join('\n'),
  },
]

export const findReplyTemplate = (id: string | undefined): ReplyTemplate | undefined =>
  replyTemplates.find((template) => template.id === id)
