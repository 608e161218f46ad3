import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { company } from '#shared/company/company.ts'
import { KeepWordsWhole } from '../../components/keep-words-whole.tsx'
import { bookingPage } from '../../content/booking-page.ts'
import { bookingIds } from './booking-ids.ts'
import { zoneName } from './slot-times.ts'

const { summary } = bookingPage

/** One fact: its icon and name (the name for screen readers), and its value. */
function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon
  label: string
  children: ReactNode
}) {
  return (
    <div className="flex items-start gap-3">
      <dt className="mt-0.5 shrink-0 text-accent-ink">
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      {children}
    </div>
  )
}

/** A fact the page's script fills in; until then it says what to pick. */
const chosenValue = 'm-0 min-h-5 text-ink-muted data-chosen:font-semibold data-chosen:text-ink'

/**
 * What the visitor is booking, prerendered: the call, its length, how it happens, and the
 * visitor's zone, day and time, which the page's script fills in as they pick
 * (booking-summary.ts). Beside the picker on a desktop; on a phone, above the button.
 */
export function BookingSummaryCard() {
  const { rows } = summary
  return (
    <section
      aria-labelledby={bookingIds.summaryTitle}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-subtle p-5"
    >
      <h2
        id={bookingIds.summaryTitle}
        className="text-sm font-semibold tracking-wide text-ink-muted uppercase"
      >
        {summary.title}
      </h2>
      <p className="flex flex-col text-lg leading-snug font-semibold text-ink">
        {summary.what}
        <span className="text-base font-normal text-ink-muted">{summary.withWhom}</span>
      </p>
      <dl className="m-0 flex flex-col gap-3 border-t border-line pt-4 text-sm text-ink-muted">
        <Fact icon={rows.length.icon} label={rows.length.label}>
          <dd className="m-0">
            <KeepWordsWhole text={rows.length.value} />
          </dd>
        </Fact>
        <Fact icon={rows.place.icon} label={rows.place.label}>
          <dd className="m-0">
            <KeepWordsWhole text={rows.place.value} />
          </dd>
        </Fact>
        <Fact icon={rows.zone.icon} label={rows.zone.label}>
          {/* The company's zone named at build time: a browser loads a time zone's name in
              pt-BR slowly (a quarter of a second on a slow phone), and most visitors are on the
              company's clock. A zone's generic name does not change with the season. */}
          <dd
            id={bookingIds.summaryZone}
            data-company-zone={zoneName(new Date(0), company.officeHours.timeZone)}
            className="m-0 min-h-5"
          />
        </Fact>
        <Fact icon={rows.day.icon} label={rows.day.label}>
          <dd id={bookingIds.summaryDay} data-empty={rows.day.empty} className={chosenValue}>
            {rows.day.empty}
          </dd>
        </Fact>
        <Fact icon={rows.time.icon} label={rows.time.label}>
          <dd id={bookingIds.summaryTime} data-empty={rows.time.empty} className={chosenValue}>
            {rows.time.empty}
          </dd>
        </Fact>
      </dl>
    </section>
  )
}
