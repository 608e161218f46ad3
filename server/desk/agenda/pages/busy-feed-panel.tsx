/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import type { BusyFeedState } from '../agenda-store.ts'
import { formatDateTimeIn } from '../company-clock.ts'

const copy = agendaCopy.list.busyFeed

/** The importer's last error, as much of it as a line can hold. */
const ERROR_CHARACTERS = 300

const shortened = (text: string) =>
  Array.from(text).length > ERROR_CHARACTERS
    ? `${Array.from(text).slice(0, ERROR_CHARACTERS).join('')}…`
    : text

/**
 * Whether the free times are keeping the company's own calendar clear
 * (private.busy_feed_status, written by the calendar import): an alert when its last reading
 * failed, with what is still in force from the last good one.
 */
export const BusyFeedPanel = ({ state, zone }: { state: BusyFeedState; zone: string }) => {
  const when = (date: Date) => formatDateTimeIn(date, zone)
  const failing =
    state.lastErrorAt !== null &&
    (state.lastSuccessAt === null || state.lastErrorAt > state.lastSuccessAt)
  return (
    <section class="panel" aria-labelledby="calendario-empresa">
      <h2 id="calendario-empresa">{copy.heading}</h2>
      {failing && state.lastErrorAt !== null ? (
        <div class="notice notice-error" role="alert">
          <p>{copy.failing(when(state.lastErrorAt), shortened(state.lastError ?? '?'))}</p>
          <p>
            {state.lastSuccessAt === null
              ? copy.neverSucceeded
              : copy.lastSuccess(when(state.lastSuccessAt), state.inForce)}
          </p>
        </div>
      ) : state.lastSuccessAt !== null ? (
        <p class="hint">{copy.ok(when(state.lastSuccessAt), state.inForce)}</p>
      ) : (
        <p class="hint">{copy.never}</p>
      )}
    </section>
  )
}
