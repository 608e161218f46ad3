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

/** The promise in a few characters, for a line beside an icon: 24 → '24h', 1.5 → '1 h 30 min'. */
export const describeHoursShort = (hours: number): string =>
  Number.isInteger(hours) ? `${hours}h` : describeDuration(hours * 3_600_000)
