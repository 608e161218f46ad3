import { deskCopy } from '../copy.ts'
import { isNotice } from '../desk-paths.ts'

const { notices } = deskCopy

/** The words for a notice code from a redirect (?aviso=…), or nothing for an unknown code. */
export const noticeFor = (
  code: string | undefined,
  count: string | undefined,
): { tone: 'ok' | 'error'; text: string } | undefined => {
  if (!isNotice(code)) return undefined
  switch (code) {
    case 'situacao':
      return { tone: 'ok', text: notices.status }
    case 'nota':
      return { tone: 'ok', text: notices.note }
    case 'reenviado':
      return { tone: 'ok', text: notices.resent }
    case 'reenvio-falhou':
      return { tone: 'error', text: notices.resendFailed }
    case 'reenvio-ocupado':
      return { tone: 'error', text: notices.resendBusy }
    case 'apagado':
      return { tone: 'ok', text: notices.erased(Math.max(1, Number(count) || 1)) }
    case 'confirme':
      return { tone: 'error', text: notices.eraseUnconfirmed }
    case 'situacao-invalida':
      return { tone: 'error', text: notices.invalidStatus }
    case 'nota-longa':
      return { tone: 'error', text: notices.noteTooLong }
  }
}
