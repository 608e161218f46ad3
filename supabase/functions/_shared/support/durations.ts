/**
 * How long something took or has waited, as the desk, the alerts and the summary say it in
 * Portuguese: '45 min', '3 h 12 min', '2 dias e 4 h'. Rounded down: a lead that waited 23 h
 * 59 min has not waited a day.
 */
export const describeDuration = (ms: number): string => {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 1) return 'menos de 1 min'
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  const dayWord = days === 1 ? '1 dia' : `${days.toLocaleString('pt-BR')} dias`
  return rest === 0 ? dayWord : `${dayWord} e ${rest} h`
}

/** Hours as the promise is worded: 24 → '24 horas', 0.5 → '30 min'. */
export const describeHours = (hours: number): string =>
  Number.isInteger(hours)
    ? `${hours} ${hours === 1 ? 'hora' : 'horas'}`
    : describeDuration(hours * 3_600_000)

/**
 * Which clock the reply promise runs on (decision 070): the company's office hours (its days
 * and hours, less the national holidays and its closed days), or every hour of the day.
 */
export type ReplyClock = 'business' | 'clock'

export const REPLY_CLOCKS: readonly ReplyClock[] = ['business', 'clock']

export const isReplyClock = (value: unknown): value is ReplyClock =>
  typeof value === 'string' && (REPLY_CLOCKS as readonly string[]).includes(value)

/**
 * The promise as the company reads it (the desk, the alerts, the summary): '24 horas' on the
 * wall clock, '24 horas úteis' in office hours ('1 hora útil', '30 min de expediente'). The
 * public page keeps describeHours: its words are the spec's.
 */
export const describePromiseHours = (hours: number, clock: ReplyClock): string => {
  if (clock === 'clock') return describeHours(hours)
  if (!Number.isInteger(hours)) return `${describeDuration(hours * 3_600_000)} de expediente`
  return `${hours} ${hours === 1 ? 'hora útil' : 'horas úteis'}`
}

/** The promise in a few characters, for a line beside an icon: 24 → '24h', 1.5 → '1 h 30 min'. */
export const describeHoursShort = (hours: number): string =>
  Number.isInteger(hours) ? `${hours}h` : describeDuration(hours * 3_600_000)
