import { formatDateTimeIn } from '../../agenda/company-clock.ts'

/**
 * Dates as a Brazilian reads them, in the company's time zone (the server may run in UTC):
 * dd/mm/aaaa hh:mm, which Excel set to pt-BR reads as a date and time.
 */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo'

export const formatBrazilDateTime = (date: Date): string => formatDateTimeIn(date, BRAZIL_TIME_ZONE)

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
