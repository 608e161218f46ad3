import { describeDuration } from '../support/durations.ts'

/**
 * What the company is told about each kind of incident (decision 052), in Portuguese: a title,
 * what happened, and what to do. The alert e-mail, the Slack/Teams/Discord messages, the desk's
 * banner and the weekly summary all word incidents here. Every value shown comes from our own
 * bookkeeping (counts, times, a mail server's or receiver's answer), never from a visitor.
 */

export const INCIDENT_KINDS = [
  'mail_failing',
  'mail_refused',
  'busy_calendar',
  'webhook_set_apart',
  'quarantine_full',
  'backup_failed',
] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

export const isIncidentKind = (value: unknown): value is IncidentKind =>
  typeof value === 'string' && (INCIDENT_KINDS as readonly string[]).includes(value)

const count = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0))
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`

/**
 * The outboxes an incident may concern (decision 060): where the message it is about waits.
 * private.pipeline_problems() writes one in detail.outbox (mail_refused, webhook_set_apart)
 * and, for mail failing, how many wait in each (detail.outboxes).
 */
export const OUTBOXES = ['lead_mail', 'booking_mail', 'replies', 'alerts', 'webhooks'] as const
export type Outbox = (typeof OUTBOXES)[number]

export const isOutbox = (value: unknown): value is Outbox =>
  typeof value === 'string' && (OUTBOXES as readonly string[]).includes(value)

/** Each outbox as a sentence names it ('na fila de …'). */
export const outboxNames: Record<Outbox, string> = {
  lead_mail: 'avisos de contatos',
  booking_mail: 'e-mails de agendamento',
  replies: 'respostas do painel',
  alerts: 'alertas para a empresa',
  webhooks: 'webhooks',
}

/** What waits in each outbox, as mail failing counts it: 'Por fila: avisos de contatos, 3; …'. */
const waitingIn = (outboxes: unknown) => {
  if (typeof outboxes !== 'object' || outboxes === null) return ''
  const counts = Object.entries(outboxes as Record<string, unknown>).flatMap(([name, value]) =>
    isOutbox(name) && count(value) > 0
      ? [`${outboxNames[name]}, ${count(value).toLocaleString('pt-BR')}`]
      : [],
  )
  return counts.length > 0 ? ` Por fila: ${counts.join('; ')}.` : ''
}

/** What to do about a refusal, by the outbox that holds the refused message. */
const refusalAction: Record<Outbox, string> = {
  lead_mail:
    'No painel, filtre os contatos pelo envio “recusado”, leia cada um ali e reenvie a notificação se for o caso.',
  booking_mail:
    'Veja a reunião na agenda do painel e fale com a pessoa por outro meio se for preciso.',
  replies:
    'Abra o contato no painel: a resposta recusada está no histórico; escreva outra, sem o trecho que o servidor recusou.',
  alerts:
    'Os contatos e problemas desses alertas estão no painel (contatos sem resposta, alertas do site).',
  webhooks: 'Confira o destino em Webhooks, no painel.',
}

/** Said of every refusal: what dismissing it does. */
const dismissHint =
  ' Se não houver nada a fazer (uma mensagem de um estranho, por exemplo), dispense este alerta no painel: ele volta se outra mensagem for recusada.'

/** An incident as the words need it. */
export interface IncidentFacts {
  kind: IncidentKind
  since: Date
  detail: Record<string, unknown>
  /** A set-apart receiver's address as the desk shows it (host and a hint, never whole). */
  receiver?: string
}

export interface IncidentWords {
  title: string
  summary: string
  action: string
}

/** The incident in words; `now` for how long it has lasted, `at` writes a time on the company's clock. */
export const describeIncident = (
  incident: IncidentFacts,
  now: Date,
  at: (when: Date) => string,
): IncidentWords => {
  const { detail } = incident
  const lasted = describeDuration(now.getTime() - incident.since.getTime())
  const error = text(detail.error)
  switch (incident.kind) {
    case 'mail_failing':
      return {
        title: 'O envio de e-mails está falhando',
        summary: `Desde ${at(incident.since)} (há ${lasted}) o servidor de e-mail não aceita o que o site envia${error ? ` (${error})` : ''}. Os contatos continuam guardados: ${plural(count(detail.waiting), 'aviso espera', 'avisos esperam')} para sair, e saem sozinhos quando o e-mail voltar.${waitingIn(detail.outboxes)}`,
        action:
          'Confira o servidor de e-mail (SMTP_URL): endereço, usuário e senha, e se o provedor está no ar ou bloqueou o envio. Enquanto isso, veja os contatos novos no painel.',
      }
    case 'mail_refused': {
      const outbox = isOutbox(detail.outbox) ? detail.outbox : 'lead_mail'
      return {
        title: 'O servidor de e-mail recusou mensagens de vez',
        summary: `${plural(count(detail.count), 'mensagem da fila de', 'mensagens da fila de')} ${outboxNames[outbox]} ${count(detail.count) === 1 ? 'foi recusada' : 'foram recusadas'} pelo conteúdo (por exemplo, lidas como spam) e não ${count(detail.count) === 1 ? 'será reenviada' : 'serão reenviadas'} sozinhas.`,
        action: `${refusalAction[outbox]}${dismissHint}`,
      }
    }
    case 'busy_calendar':
      return {
        title: 'O calendário da empresa não é lido há mais de uma hora',
        summary: `A última leitura que deu certo foi ${detail.last_success_at ? `às ${at(new Date(text(detail.last_success_at)))}` : 'nunca'}${error ? ` (${error})` : ''}. A agenda do site não desconta os compromissos marcados depois disso.`,
        action:
          'Confira o endereço secreto do calendário (BOOKING_BUSY_CALENDAR_URL): se ele mudou ou foi revogado, copie o novo. A agenda do painel mostra o último erro.',
      }
    case 'webhook_set_apart':
      return {
        title: 'Um webhook deixou de receber os avisos',
        summary: detail.gone
          ? `O destino ${incident.receiver ?? ''} respondeu que não quer mais receber (410) e foi desativado.`
          : `O destino ${incident.receiver ?? ''} não recebeu ${plural(count(detail.count), 'aviso', 'avisos')} depois de todas as tentativas${error ? ` (último erro: ${error})` : ''}; ${count(detail.count) === 1 ? 'ele espera' : 'eles esperam'} na fila de ${outboxNames.webhooks}.`,
        action:
          'Confira o destino (o fluxo do n8n ou do Make está ativo? o canal ainda existe?) e use “Tentar agora” em Webhooks, no painel: o que ele não recebeu é enviado de novo.',
      }
    case 'quarantine_full':
      return {
        title: 'A quarentena está quase cheia',
        summary: `${plural(count(detail.count), 'mensagem', 'mensagens')} de ${count(detail.max).toLocaleString('pt-BR')} possíveis. Cheia, ela deixa de guardar novas mensagens suspeitas.`,
        action:
          'Revise a quarentena no painel: restaure as mensagens escritas por pessoas e apague o lixo.',
      }
    case 'backup_failed':
      return {
        title: 'O último backup programado falhou',
        summary: `Desde ${at(incident.since)}${error ? ` (${error})` : ''}.`,
        action:
          'Confira o backup (o destino, o espaço e a senha dele) e faça um agora: até lá, os dados mais recentes não estão em nenhuma cópia.',
      }
  }
}

/** A time on the company's clock, as the alerts write it: '27/11/2026 14:30'. */
export const companyClock = (timeZone: string) => (when: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone })
    .format(when)
    .replace(',', '')
