/**
 * The company's office hours as the site words them ('Seg-Sex, 9h-18h') and as its structured
 * data gives them to search engines ('Mo-Fr 09:00-18:00'), from the facts in
 * supabase/functions/_shared/company/company.ts, so the phone card and the agenda can never disagree.
 */
export interface OfficeHours {
  readonly timeZone: string
  /** ISO weekdays: 1 is Monday, 7 is Sunday. */
  readonly weekdays: readonly number[]
  /** Local times, 'HH:MM'. */
  readonly opens: string
  readonly closes: string
}

const WEEKDAY_ABBREVIATIONS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'] as const

const weekdayName = (isoDay: number) => WEEKDAY_ABBREVIATIONS[isoDay - 1] ?? String(isoDay)

/** '09:00' → '9h', '08:30' → '8h30'. */
export const describeHour = (time: string): string => {
  const [hours = '0', minutes = '00'] = time.split(':')
  return `${Number(hours)}h${minutes === '00' ? '' : minutes}`
}

/** The weekdays in runs of consecutive days: [1, 2, 4, 5, 6] → 'Seg-Ter', 'Qui-Sáb' in `name`s. */
const dayRuns = (weekdays: readonly number[], name: (isoDay: number) => string): string[] => {
  const days = [...new Set(weekdays)].sort((a, b) => a - b)
  const runs: number[][] = []
  for (const day of days) {
    const run = runs.at(-1)
    if (run && run.at(-1) === day - 1) run.push(day)
    else runs.push([day])
  }
  return runs.map((run) =>
    run.length === 1 ? name(run[0] ?? 0) : `${name(run[0] ?? 0)}-${name(run.at(-1) ?? 0)}`,
  )
}

/** [1, 2, 3, 4, 5] → 'Seg-Sex'; [1, 3, 5] → 'Seg, Qua, Sex'; [1, 2, 4] → 'Seg-Ter, Qui'. */
export const describeWeekdays = (weekdays: readonly number[]): string =>
  dayRuns(weekdays, weekdayName).join(', ')

export const describeOfficeHours = (hours: OfficeHours): string =>
  `${describeWeekdays(hours.weekdays)}, ${describeHour(hours.opens)}-${describeHour(hours.closes)}`

const SCHEMA_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const

/**
 * The office hours in schema.org's short form ('Mo-Fr 09:00-18:00', 'Tu,Th 08:30-12:00'), as
 * the landing page's structured data gives them (src/lib/head-tags.ts): a third of the bytes of
 * an openingHoursSpecification, on a page that sits at its 14 kB budget (HTML and inlined CSS,
 * gzip).
 */
export const schemaOpeningHours = (hours: OfficeHours): string =>
  `${dayRuns(hours.weekdays, (day) => SCHEMA_DAYS[day - 1] ?? '').join(',')} ${hours.opens}-${hours.closes}`
