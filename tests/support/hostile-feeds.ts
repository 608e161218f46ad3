/**
 * Calendar feeds that once stalled the server, and a large honest one, made for a given
 * instant so that their meetings fall in the agenda's window whenever the tests run.
 */

const DAY = 86_400_000
const HOUR = 3_600_000

const stamp = (epochMs: number) => new Date(epochMs).toISOString().replace(/[-:]|\.\d{3}/g, '')
/** Wall-clock time in São Paulo (UTC−3), as a TZID'd value writes it. */
const local = (epochMs: number) => stamp(epochMs - 3 * HOUR).replace('Z', '')

const calendar = (body: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Teste//PT\r\n${body}END:VCALENDAR\r\n`

/** The next weekday at least two days after `now`, at 10:00 in São Paulo (13:00Z). */
export const nextWeekdayMeeting = (now: number) => {
  let day = Math.floor(now / DAY) * DAY + 2 * DAY
  while ([0, 6].includes(new Date(day).getUTCDay())) day += DAY
  return day + 13 * HOUR
}

/**
 * The 486-byte feed that froze the server: a zone whose clock "changes" every hour (or every
 * minute) since 1970, and one meeting in it. ical.js expands such a zone change by change.
 */
export const hostileZoneFeed = (now: number, freq = 'HOURLY', since = '19700101T000000') => {
  const start = nextWeekdayMeeting(now)
  return calendar(
    `BEGIN:VTIMEZONE\r\nTZID:Hora de Brasília\r\nBEGIN:STANDARD\r\nDTSTART:${since}\r\n` +
      `RRULE:FREQ=${freq}\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\nTZNAME:-03\r\n` +
      `END:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:reuniao@exemplo.com.br\r\n` +
      `DTSTAMP:${stamp(now)}\r\nDTSTART;TZID=Hora de Brasília:${local(start)}\r\n` +
      `DTEND;TZID=Hora de Brasília:${local(start + HOUR)}\r\nSUMMARY:Reunião\r\nEND:VEVENT\r\n`,
  )
}

/**
 * `count` series, each a leap day as a daily rule since the year 1000: some 250 instances,
 * each found after ~1 461 candidates. No step bound stops it; it takes minutes.
 */
export const leapDaySeriesFeed = (count = 1000) =>
  calendar(
    Array.from(
      { length: count },
      (_, n) =>
        `BEGIN:VEVENT\r\nUID:bissexto-${n}\r\nDTSTART:10000229T120000Z\r\nDTEND:10000229T130000Z\r\n` +
        `RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29\r\nEND:VEVENT\r\n`,
    ).join(''),
  )

/**
 * A Google-like feed of `megabytes` MB: a meeting every five hours, from six years back to
 * a month ahead of `now`, each with its description, organiser and attendee, as Google
 * exports them. Most of it is history the agenda never needs.
 */
export const yearsOfMeetingsFeed = (now: number, megabytes: number) => {
  const target = megabytes * 1024 * 1024 - 1024
  const head =
    'BEGIN:VCALENDAR\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\nVERSION:2.0\r\n' +
    'X-WR-TIMEZONE:America/Sao_Paulo\r\nBEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo\r\n' +
    'BEGIN:STANDARD\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\nTZNAME:-03\r\n' +
    'DTSTART:19700101T000000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n'
  const events: string[] = []
  let size = head.length
  // Spaced so that the last lands a month ahead, whatever the size asked for.
  const per = 640
  const count = Math.floor(target / per)
  const first = now + 30 * DAY - count * 5 * HOUR
  for (let n = 0; size < target; n += 1) {
    const start = first + n * 5 * HOUR
    const event =
      `BEGIN:VEVENT\r\nDTSTART;TZID=America/Sao_Paulo:${local(start)}\r\n` +
      `DTEND;TZID=America/Sao_Paulo:${local(start + HOUR)}\r\nDTSTAMP:${stamp(now)}\r\n` +
      `UID:reuniao-${n}@google.com\r\nCREATED:${stamp(start - 30 * DAY)}\r\n` +
      `DESCRIPTION:Pauta da reunião ${n}: proposta\\, cronograma e próximos passos com o cliente.\r\n` +
      `ORGANIZER;CN=Empresa Modelo:mailto:contato@empresamodelo.com.br\r\n` +
      `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Cliente ${n}:mailto:cliente${n}@example.com\r\n` +
      `LOCATION:Google Meet\r\nSEQUENCE:0\r\nSTATUS:CONFIRMED\r\nSUMMARY:Reunião com cliente ${n}\r\n` +
      `TRANSP:OPAQUE\r\nEND:VEVENT\r\n`
    events.push(event)
    size += new TextEncoder().encode(event).length
  }
  return `${head}${events.join('')}END:VCALENDAR\r\n`
}
