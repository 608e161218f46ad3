/**
 * What the booking pages' script says as the visitor goes: loading, what a pick shows, the
 * results. Only words the browser code needs live here (it downloads every one of them before
 * any interaction); the prerendered words are in booking-page.ts, the database's refusals in
 * booking.ts.
 */

/** A time on a clock, and the zone named when the visitor's clock is not the company's. */
export interface ShownTime {
  weekday: string
  date: string
  time: string
  zone: { name: string; offset: string } | null
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A zone named by its offset alone (UTC, Etc/GMT+3: slot-times.ts) says it once: 'GMT'. */
const isOffsetOnly = (zone: { name: string; offset: string }) => zone.name === zone.offset

/** 'Horário de Brasília (GMT-3)', or 'GMT' alone for a zone with no name of its own. */
const zoneLabel = (zone: { name: string; offset: string }) =>
  isOffsetOnly(zone) ? zone.offset : `${zone.name} (${zone.offset})`

export const bookingMessages = {
  loading: 'Carregando horários…',
  loaded: (days: number) =>
    days === 1 ? 'Há horários livres em 1 dia.' : `Há horários livres em ${days} dias.`,
  none: 'Não há horários livres nas próximas semanas. Fale com a gente por e-mail ou telefone.',
  loadFailed:
    'Não foi possível carregar os horários. Verifique a conexão e tente de novo, ou fale com a gente por e-mail ou telefone.',
  refreshed: 'Os horários foram atualizados.',
  /** Said when a day is picked: how many times it has. */
  dayTimes: (count: number, day: string) =>
    count === 0
      ? `Nenhum outro horário livre em ${day}.`
      : count === 1
        ? `1 horário livre em ${day}.`
        : `${count} horários livres em ${day}.`,
  /** Above the times, when the visitor's clock is not the company's. */
  zoneNote: (zone: { name: string; offset: string }) => `Horários no seu fuso: ${zoneLabel(zone)}.`,
  /** The summary's zone: always named, as the visitor's clock is what every time is on. */
  zoneLabel,
  /** The summary's day: 'Segunda-feira, 30 de novembro'. */
  dayName: capitalized,
  /** The summary's time: '09:30 às 10:00'. */
  timeSpan: (start: string, end: string) => `${start} às ${end}`,
  /** While moving a meeting: beside its day in the calendar, and before the times of its day. */
  currentDay: 'sua reunião atual',
  currentTime: (time: string) => `Sua reunião está marcada para as ${time}.`,
  /** On the current time's place among the free ones (hidden from screen readers). */
  currentTimeTag: 'atual',
  /** 'Quarta-feira, 10/03/2027, às 08:00 (Horário do Amazonas, GMT-4)' */
  when: (shown: ShownTime) =>
    `${capitalized(shown.weekday)}, ${shown.date}, às ${shown.time}` +
    (shown.zone
      ? ` (${isOffsetOnly(shown.zone) ? shown.zone.offset : `${shown.zone.name}, ${shown.zone.offset}`})`
      : ''),
  /** The same instant on the company's clock, beside the visitor's when they differ. */
  companyWhen: (shown: ShownTime, zoneName: string) =>
    `${zoneName}: ${shown.weekday}, ${shown.date}, às ${shown.time}.`,
  submitting: 'Agendando...',
  /** The hold's end on the visitor's clock: '10:30' today, '10:30 de 11/03' another day. */
  holdUntil: (time: string, date: string | null) => (date === null ? time : `${time} de ${date}`),
  fixing: 'Desfazendo a reserva...',
  fixed: 'Reserva desfeita: corrija o e-mail e confirme o agendamento de novo.',
  /** A call that never got an answer (offline, a server that does not respond). */
  unreachable:
    'Não foi possível falar com o servidor. Verifique a conexão e tente de novo, ou fale com a gente por e-mail ou telefone.',
  /** An error the database did not word (a gateway's, say). */
  failed:
    'Não foi possível concluir agora. Tente de novo em instantes, ou fale com a gente por e-mail ou telefone.',
} as const

export const manageMessages = {
  loading: 'Carregando o agendamento…',
  loaded: 'Agendamento carregado.',
  rescheduling: 'Remarcando...',
  rescheduled: 'Reunião remarcada. Enviamos o novo horário por e-mail.',
  cancelling: 'Cancelando...',
  cancelled: 'Reunião cancelada. Enviamos a confirmação por e-mail.',
  /** A hold given up: nothing was marked, so nothing is e-mailed. */
  withdrawn: 'Pedido cancelado. Nenhuma reunião foi marcada.',
  confirming: 'Confirmando...',
  confirmed: 'Reunião confirmada. Enviamos o convite por e-mail.',
  /** A hold whose time is up; it may still be confirmed while the time is free. */
  expired: (canConfirm: boolean) =>
    canConfirm
      ? 'O prazo para confirmar acabou, mas você ainda pode confirmar se o horário estiver livre.'
      : 'Esta reunião não foi confirmada a tempo.',
  noTimesToMove: 'Não há outros horários livres nas próximas semanas.',
} as const
