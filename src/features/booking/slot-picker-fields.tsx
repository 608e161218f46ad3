import { slotPickerText } from '../../content/booking-page.ts'
import { pickerIds } from './picker-ids.ts'

const legend = 'mb-3 text-base font-semibold text-ink'
const refusalBox =
  'rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger-ink outline-none'

/**
 * The picker's empty frame, prerendered: its two groups with their legends, where the page's
 * script writes the days and times (slot-picker.ts), side by side from 768 px. Rendered at
 * build time only.
 */
export function SlotPickerFields({ prefix }: { prefix: string }) {
  const ids = pickerIds(prefix)
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,23rem)_minmax(0,1fr)] md:gap-10">
      <fieldset id={ids.days} className="m-0 w-full max-w-sm min-w-0 border-0 p-0">
        <legend className={legend}>{slotPickerText.day}</legend>
        {/* Room for the days before they arrive, so nothing below jumps when they do: the
            default horizon's three weeks most often span two months, two titles with their
            weekdays and four rows of days (308 px); one month's four rows leave some room, a
            fifth row pushes what is below by one row. */}
        <div id={ids.dayOptions} className="grid min-h-77 grid-cols-7 content-start gap-1" />
      </fieldset>
      <fieldset
        id={ids.times}
        aria-describedby={ids.timesNote}
        className="m-0 min-w-0 border-0 p-0"
      >
        <legend className={legend}>{slotPickerText.time}</legend>
        <p id={ids.timesNote} className="mb-3 text-sm text-ink-muted" />
        <div
          id={ids.timeOptions}
          className="grid min-h-44 grid-cols-3 content-start gap-2 sm:grid-cols-4 md:grid-cols-3"
        />
        <p id={ids.refusal} role="alert" tabIndex={-1} hidden className={`mt-4 ${refusalBox}`} />
      </fieldset>
    </div>
  )
}

/** A refusal shown in place, focused by the script: the same look as the picker's. */
export const refusalBoxClassName = refusalBox
