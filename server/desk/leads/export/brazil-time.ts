/**
 * Dates as a Brazilian reads them, in the company's time zone (the server may run in UTC):
 * dd/mm/aaaa hh:mm, which Excel set to pt-BR reads as a date and time.
 */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo'

const parts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

export const formatBrazilDateTime = (date: Date): string => {
  const part = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]))
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`
}

/** A calendar day as YYYY-MM-DD, from that form or dd/mm/aaaa; undefined if it is no date. */
export const readCalendarDay = (text: string): string | undefined => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  const brazilian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : brazilian
      ? [brazilian[3], brazilian[2], brazilian[1]]
      : []
  if (year === undefined || month === undefined || day === undefined) return undefined
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const valid =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  return valid ? `${year}-${month}-${day}` : undefined
}
