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

const ok = (text: string) => (): NoticeMessage => ({ tone: 'ok', text })
const error = (text: string) => (): NoticeMessage => ({ tone: 'error', text })
/** A notice that says how many: none when the URL's count is missing. */
const okCounted =
  (text: (count: number) => string) =>
  (count: number | undefined): NoticeMessage | undefined =>
    count === undefined ? undefined : { tone: 'ok', text: text(count) }

/** Each notice's words; undefined when its count is missing (a made-up URL): no notice. */
const noticeMessages: Record<Notice, (count: number | undefined) => NoticeMessage | undefined> = {
  situacao: ok(notices.status),
  nota: ok(notices.note),
  reenviado: ok(notices.resent),
  'reenvio-falhou': error(notices.resendFailed),
  'reenvio-recusado': error(notices.resendRefused),
  'reenvio-ocupado': error(notices.resendBusy),
  apagado: okCounted(notices.erased),
  confirme: error(notices.eraseUnconfirmed),
  'situacao-invalida': error(notices.invalidStatus),
  'nota-longa': error(notices.noteTooLong),
  restaurado: ok(notices.restored),
  'restaurado-envio-falhou': error(notices.restoredMailFailed),
  'restauro-recusado': error(notices.restoreRefused),
  'quarentena-apagada': ok(notices.quarantineDeleted),
  'quarentena-esvaziada': okCounted(notices.quarantineEmptied),
  'quarentena-confirme': error(notices.quarantineUnconfirmed),
  'reuniao-cancelada': ok(notices.bookingCancelled),
  'cancelar-confirme': error(notices.cancelUnconfirmed),
  'ja-cancelada': error(notices.alreadyCancelled),
  'ja-passou': error(notices.alreadyPast),
  'mensagem-longa': error(notices.messageTooLong),
  resultado: ok(notices.outcome),
  'resultado-cedo': error(notices.outcomeTooEarly),
  liberadas: okCounted(notices.released),
  'nada-liberado': ok(notices.nothingReleased),
  'liberar-confirme': error(notices.releaseUnconfirmed),
  'dia-fechado': (count) => ({ tone: 'ok', text: notices.dayClosed(count) }),
  'dia-reaberto': ok(notices.dayReopened),
  'webhook-tentando': okCounted(notices.webhookRetrying),
  'webhook-reativado': ok(notices.webhookEnabled),
  'resposta-enviada': ok(notices.replySent),
  'resposta-na-fila': ok(notices.replyQueued),
  'resposta-falhou': error(notices.replyFailed),
  'resposta-recusada': error(notices.replyRefused),
  'resposta-incompleta': error(notices.replyIncomplete),
  'resposta-sem-email': error(notices.replyNoMail),
  respondido: ok(notices.markedAnswered),
  'ja-respondido': ok(notices.alreadyAnswered),
  'rede-bloqueada': (count) => ({ tone: 'ok', text: notices.networkBlocked(count) }),
  'rede-desbloqueada': ok(notices.networkUnblocked),
  'rede-invalida': error(notices.networkInvalid),
  'rede-larga': error(notices.networkTooWide),
  'alerta-dispensado': ok(notices.incidentDismissed),
  'alerta-encerrado': ok(notices.incidentGone),
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
