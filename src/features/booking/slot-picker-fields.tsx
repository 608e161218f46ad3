import { slotPickerText } from '../../content/booking-page.ts'
import { pickerIds } from './picker-ids.ts'

const legend = 'mb-3 text-base font-semibold text-ink'
const refusalBox =
  'rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger-ink outline-none'

/**
 * The picker's empty frame, prerendered: its two groups with their legends, where the page's
 * script writes the days and times (slot-picker.ts). Rendered at build time only.
 */
export function SlotPickerFields({ prefix }: { prefix: string }) {
  const ids = pickerIds(prefix)
  return (
    <>
      <fieldset id={ids.days} className="m-0 min-w-0 border-0 p-0">
        <legend className={legend}>{slotPickerText.day}</legend>
        {/* Room for the days before they arrive, so nothing below jumps when they do: the
            default horizon's 16 open days at most, six rows of two-line days on a phone, four
            rows of one-line days from 640 px. Rows keep their own height in that room. */}
        <div
          id={ids.dayOptions}
          className="grid min-h-90 grid-cols-3 content-start gap-2 sm:min-h-50 sm:grid-cols-5"
        />
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
          className="grid min-h-44 grid-cols-3 content-start gap-2 sm:grid-cols-6"
        />
        <p id={ids.refusal} role="alert" tabIndex={-1} hidden className={`mt-4 ${refusalBox}`} />
      </fieldset>
    </>
  )
}

/** A refusal shown in place, focused by the script: the same look as the picker's. */
export const refusalBoxClassName = refusalBox
