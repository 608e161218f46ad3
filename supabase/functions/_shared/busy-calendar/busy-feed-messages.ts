import type { FeedContentProblem } from './busy-feed-limits.ts'
import type { FeedProblem } from './busy-feed-fetch.ts'

/**
 * Why the company's calendar could not be read, in the desk's words: what the agenda page
 * shows from private.busy_feed_status.last_error. Each names the feed's host only (the rest
 * of the address is a secret) and never an event's title: only the day it starts on.
 */

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'a conexão foi recusada',
  ENOTFOUND: 'o endereço não foi encontrado',
  EAI_AGAIN: 'o endereço não foi encontrado',
  CERT: 'o certificado de segurança do servidor não é válido',
  ECONNRESET: 'a conexão caiu',
  UND_ERR_SOCKET: 'a conexão caiu',
}

const statusSentence = (host: string, status: number): string => {
  if (status === 404 || status === 410) {
    return `O calendário não está mais nesse endereço (${host} respondeu ${status}). Se o endereço secreto foi redefinido, configure o novo.`
  }
  if (status === 401 || status === 403) {
    return `O servidor do calendário (${host}) recusou o acesso (${status}). Confira se o endereço secreto ainda vale.`
  }
  return `O servidor do calendário (${host}) respondeu com erro ${status}.`
}

export const feedProblemMessage = (host: string, problem: FeedProblem): string => {
  switch (problem.kind) {
    case 'unreachable':
      return `Não foi possível conectar ao servidor do calendário (${host}): ${NETWORK_REASONS[problem.code ?? ''] ?? 'erro de rede'}.`
    case 'timeout':
      return `O servidor do calendário (${host}) não respondeu em ${problem.seconds} segundos.`
    case 'http_status':
      return statusSentence(host, problem.status)
    case 'too_many_redirects':
      return `O servidor do calendário (${host}) redirecionou ${problem.count} vezes sem entregar o calendário.`
    case 'insecure_redirect':
      return `O servidor do calendário (${host}) redirecionou para um endereço sem https, que não é seguido.`
    case 'private_redirect':
      return `O servidor do calendário (${host}) redirecionou para ${problem.host}, um endereço de rede interna, que não é seguido.`
    case 'too_large':
      return `O calendário de ${host} tem mais de ${problem.megabytes} MB, o máximo que é lido.`
    case 'not_calendar':
      return `O endereço (${host}) não devolveu um calendário no formato iCalendar${problem.contentType ? ` (veio ${problem.contentType})` : ''}. Confira se é o endereço no formato iCal.`
  }
}

/** 10000 → 10.000, as Brazilians write it, the same under every runtime's locale data. */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.')

const seconds = (value: number) =>
  `${String(value).replace('.', ',')} segundo${value === 1 ? '' : 's'}`

/** A zone's name as the feed wrote it: no control characters, and short. */
const zoneName = (name: string) => {
  const printable = Array.from(name.replace(/\p{Cc}/gu, ' ').trim())
  return printable.length > 60 ? `${printable.slice(0, 60).join('')}…` : printable.join('') || '?'
}

export const contentProblemMessage = (host: string, problem: FeedContentProblem): string => {
  switch (problem.kind) {
    case 'unparsable':
      return `O calendário de ${host} não pôde ser lido: o conteúdo não segue o formato iCalendar${problem.eventDate ? ` (no evento que começa em ${problem.eventDate})` : ''}.`
    case 'too_complex':
      return `Um evento repetido do calendário (que começa em ${problem.eventDate}) tem repetições demais para calcular. Ajuste ou encerre essa repetição no calendário.`
    case 'too_many_events':
      return `O calendário tem mais de ${thousands(problem.limit)} compromissos nas próximas semanas, mais do que a agenda lê.`
    case 'absurd_zone':
      return `O calendário de ${host} define um fuso horário (“${zoneName(problem.zone)}”) que muda a hora com frequência demais para ser calculado; nenhum fuso de verdade é assim. Apague ou corrija o evento que usa esse fuso (pode ter chegado num convite).`
    case 'too_many_zones':
      return `O calendário de ${host} define mais de ${thousands(problem.limit)} fusos horários, mais do que a agenda lê.`
    case 'too_slow':
      return `Ler o calendário de ${host} passou de ${seconds(problem.seconds)} de processamento, o máximo permitido: ele tem eventos ou repetições demais.`
    case 'too_much_memory':
      return `Ler o calendário de ${host} precisaria de mais de ${problem.megabytes} MB de memória, o máximo permitido: ele tem eventos ou repetições demais.`
  }
}
