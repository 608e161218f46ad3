import { company, COMPANY_FACTS_FILE } from '#shared/company/company.ts'

/** The company facts the agenda needs, as private.booking_settings stores them. */
export interface BookingFacts {
  time_zone: string
  weekdays: number[]
  opens: string
  closes: string
  slot_minutes: number
}

/** The shape of company.ts that matters here (a re-brand may change every value). */
export interface CompanyHours {
  readonly officeHours: {
    readonly timeZone: string
    readonly weekdays: readonly number[]
    readonly opens: string
    readonly closes: string
  }
  readonly consultationMinutes: number
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/**
 * An IANA zone name, as private.is_time_zone reads one (20261128020000_iana_time_zones.sql):
 * the Area/Location shape with no digit but Etc/GMT±N's, which no POSIX specification such as
 * 'EST5EDT' or 'Foo+99' has, and known to the runtime.
 */
const IANA_NAME =
  /^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z][A-Za-z_-]*){1,2}|Etc\/GMT(0|[+-]0|[+-]([1-9]|1[0-2])|-1[34]))$/

const isTimeZone = (name: string) => {
  if (!IANA_NAME.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** What is wrong with the company's facts, in words that name the field and the file to fix. */
export const bookingFactsProblems = (facts: CompanyHours = company): string[] => {
  const where = COMPANY_FACTS_FILE
  const { timeZone, weekdays, opens, closes } = facts.officeHours
  const minutes = facts.consultationMinutes
  const problems: string[] = []
  if (!isTimeZone(timeZone)) {
    problems.push(`officeHours.timeZone in ${where} must be an IANA time zone (got "${timeZone}").`)
  }
  if (
    weekdays.length === 0 ||
    new Set(weekdays).size !== weekdays.length ||
    !weekdays.every((day) => Number.isInteger(day) && day >= 1 && day <= 7)
  ) {
    problems.push(
      `officeHours.weekdays in ${where} must list distinct ISO weekdays, 1 (Monday) to 7 (Sunday).`,
    )
  }
  if (!HH_MM.test(opens) || !HH_MM.test(closes)) {
    problems.push(`officeHours.opens and closes in ${where} must be times like "09:00".`)
  } else if (!Number.isInteger(minutes) || minutes < 5 || minutes > 240) {
    problems.push(`consultationMinutes in ${where} must be a whole number from 5 to 240.`)
  } else if (minutesOf(closes) - minutesOf(opens) < minutes) {
    problems.push(
      `officeHours in ${where} must leave room for one consultation: ${opens}-${closes} is shorter than ${minutes} minutes.`,
    )
  }
  return problems
}

export const bookingFacts = (facts: CompanyHours = company): BookingFacts => ({
  time_zone: facts.officeHours.timeZone,
  weekdays: [...facts.officeHours.weekdays],
  opens: facts.officeHours.opens,
  closes: facts.officeHours.closes,
  slot_minutes: facts.consultationMinutes,
})
