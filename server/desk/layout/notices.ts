import { agendaCopy } from '../agenda/agenda-copy.ts'
import { incidentsCopy } from '../incidents/incidents-copy.ts'
import { leadsCopy } from '../leads/leads-copy.ts'
import { quarantineCopy } from '../quarantine/quarantine-copy.ts'
import { webhooksCopy } from '../webhooks/webhooks-copy.ts'
import { isNotice, type Notice } from '../desk-paths.ts'
import { readNoticeCount } from '../http/request-values.ts'
import type { Context } from 'hono'
import type { DeskEnv } from '../http/desk-env.ts'

/** Each feature's notices, from its own words. */
const notices = {
  ...leadsCopy.notices,
  ...quarantineCopy.notices,
  ...agendaCopy.notices,
  ...webhooksCopy.notices,
  ...incidentsCopy.notices,
}

/** A line at the top of a desk page saying how the last action went. */
export interface NoticeMessage {
  tone: 'ok' | 'error'
  text: string
}

/** Each notice's words; undefined when its count is missing (a made-up URL): no notice. */
const noticeMessages: Record<Notice, (count: number | undefined) => NoticeMessage | undefined> = {
  situacao: () => ({ tone: 'ok', text: notices.status }),
  nota: () => ({ tone: 'ok', text: notices.note }),
  reenviado: () => ({ tone: 'ok', text: notices.resent }),
  'reenvio-falhou': () => ({ tone: 'error', text: notices.resendFailed }),
  'reenvio-recusado': () => ({ tone: 'error', text: notices.resendRefused }),
  'reenvio-ocupado': () => ({ tone: 'error', text: notices.resendBusy }),
  apagado: (count) =>
    count === undefined ? undefined : { tone: 'ok', text: notices.erased(count) },
  confirme: () => ({ tone: 'error', text: notices.eraseUnconfirmed }),
  'situacao-invalida': () => ({ tone: 'error', text: notices.invalidStatus }),
  'nota-longa': () => ({ tone: 'error', text: notices.noteTooLong }),
  restaurado: () => ({ tone: 'ok', text: notices.restored }),
  'restaurado-envio-falhou': () => ({ tone: 'error', text: notices.restoredMailFailed }),
  'restauro-recusado': () => ({ tone: 'error', text: notices.restoreRefused }),
  'quarentena-apagada': () => ({ tone: 'ok', text: notices.quarantineDeleted }),
  'quarentena-esvaziada': (count) =>
    count === undefined ? undefined : { tone: 'ok', text: notices.quarantineEmptied(count) },
  'quarentena-confirme': () => ({ tone: 'error', text: notices.quarantineUnconfirmed }),
  'reuniao-cancelada': () => ({ tone: 'ok', text: notices.bookingCancelled }),
  'cancelar-confirme': () => ({ tone: 'error', text: notices.cancelUnconfirmed }),
  'ja-cancelada': () => ({ tone: 'error', text: notices.alreadyCancelled }),
  'ja-passou': () => ({ tone: 'error', text: notices.alreadyPast }),
  'mensagem-longa': () => ({ tone: 'error', text: notices.messageTooLong }),
  resultado: () => ({ tone: 'ok', text: notices.outcome }),
  'resultado-cedo': () => ({ tone: 'error', text: notices.outcomeTooEarly }),
  liberadas: (count) =>
    count === undefined ? undefined : { tone: 'ok', text: notices.released(count) },
  'nada-liberado': () => ({ tone: 'ok', text: notices.nothingReleased }),
  'liberar-confirme': () => ({ tone: 'error', text: notices.releaseUnconfirmed }),
  'dia-fechado': (count) => ({ tone: 'ok', text: notices.dayClosed(count) }),
  'dia-reaberto': () => ({ tone: 'ok', text: notices.dayReopened }),
  'webhook-tentando': (count) =>
    count === undefined ? undefined : { tone: 'ok', text: notices.webhookRetrying(count) },
  'webhook-reativado': () => ({ tone: 'ok', text: notices.webhookEnabled }),
  'resposta-enviada': () => ({ tone: 'ok', text: notices.replySent }),
  'resposta-na-fila': () => ({ tone: 'ok', text: notices.replyQueued }),
  'resposta-falhou': () => ({ tone: 'error', text: notices.replyFailed }),
  'resposta-recusada': () => ({ tone: 'error', text: notices.replyRefused }),
  'resposta-incompleta': () => ({ tone: 'error', text: notices.replyIncomplete }),
  'resposta-sem-email': () => ({ tone: 'error', text: notices.replyNoMail }),
  respondido: () => ({ tone: 'ok', text: notices.markedAnswered }),
  'ja-respondido': () => ({ tone: 'ok', text: notices.alreadyAnswered }),
  'rede-bloqueada': (count) => ({ tone: 'ok', text: notices.networkBlocked(count) }),
  'rede-desbloqueada': () => ({ tone: 'ok', text: notices.networkUnblocked }),
  'rede-invalida': () => ({ tone: 'error', text: notices.networkInvalid }),
  'rede-larga': () => ({ tone: 'error', text: notices.networkTooWide }),
  'alerta-dispensado': () => ({ tone: 'ok', text: notices.incidentDismissed }),
  'alerta-encerrado': () => ({ tone: 'ok', text: notices.incidentGone }),
}

/**
 * The words for a notice code from a redirect (?aviso=…&n=…), or nothing for an unknown code
 * or a count that is no small whole number.
 */
export const noticeFor = (
  code: string | undefined,
  count: string | undefined,
): NoticeMessage | undefined =>
  isNotice(code) ? noticeMessages[code](readNoticeCount(count)) : undefined

/**
 * What a desk page with forms takes from its request: the session's form token, and the
 * notice the redirect that led to it named (?aviso=…&n=…).
 */
export const formPageBasics = (c: Context<DeskEnv>) => ({
  csrfToken: c.get('session').csrfToken,
  notice: noticeFor(c.req.query('aviso'), c.req.query('n')),
})
