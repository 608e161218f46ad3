/**
 * The day and time picker, in the browser: two groups of native radio buttons written into
 * the prerendered fieldsets (slot-picker-fields.tsx), no framework. A pick by pointer, or Enter
 * on a radio, moves focus on (day → its times → whatever the page puts next); arrow keys only
 * change the pick, as they do in any radio group, so a keyboard user can walk the days
 * without being thrown out of the group.
 */
import { bookingMessages } from '../../content/booking-messages.ts'
import { freeDays, type FreeDay, type FreeTimes } from './free-days.ts'
import { pickerIds } from './picker-ids.ts'
import { dayLabel, slotTime } from './slot-times.ts'

export interface SlotPickerOptions {
  /** The visitor's IANA zone: the clock every time is shown on. */
  visitorZone: string
  /** For the page's live region. */
  announce(text: string): void
  /** A time was picked (or, with null, the pick was lost to fresh times). */
  onPick(slot: string | null): void
  /** The visitor picked a time by pointer or confirmed it with Enter: go on to what follows. */
  onTimeChosen(): void
}

export interface SlotPicker {
  /** Shows these free times, keeping the day picked if it still has some; no time picked. */
  show(free: FreeTimes): FreeDay[]
  /** The picked time's instant, or null. */
  picked(): string | null
  /** Says, in place and with focus, why the time cannot be had; cleared by the next pick. */
  refuse(message: string): void
  /** Moves focus into the times: the picked one, else the first. */
  focusTimes(): void
  /** The company's zone of the last free times shown. */
  companyZone(): string
}

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm font-medium text-ink has-checked:border-accent-ink has-checked:bg-accent-soft'
const RADIO = 'size-4 shrink-0 accent-accent'
// A flex box drops the space between the two spans, so each layout sets its own.
const SHORT_DAY = 'flex flex-col leading-tight sm:flex-row sm:gap-1'

const element = (doc: Document, id: string): HTMLElement => {
  const found = doc.getElementById(id)
  if (!found) throw new Error(`The booking page has no #${id}`)
  return found
}

function radioOption(doc: Document, name: string, value: string, ...content: Node[]) {
  const label = doc.createElement('label')
  label.className = OPTION
  const input = doc.createElement('input')
  input.type = 'radio'
  input.name = name
  input.value = value
  input.className = RADIO
  label.append(input, ...content)
  return { label, input }
}

function span(doc: Document, text: string, attributes: Record<string, string> = {}) {
  const node = doc.createElement('span')
  node.textContent = text
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  return node
}

/**
 * 'qua. 10/03' as the eye reads it (the radio's name is the whole date): on a phone's three
 * columns the weekday sits above the date, always, instead of wrapping where the font decides.
 */
function shortDay(doc: Document, weekday: string, date: string) {
  const shown = span(doc, '', { 'aria-hidden': 'true', class: SHORT_DAY })
  shown.append(
    span(doc, weekday, { class: 'text-ink-muted' }),
    doc.createTextNode(' '),
    span(doc, date),
  )
  return shown
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function createSlotPicker(
  doc: Document,
  prefix: string,
  options: SlotPickerOptions,
): SlotPicker {
  const ids = pickerIds(prefix)
  const dayOptions = element(doc, ids.dayOptions)
  const times = element(doc, ids.times)
  const timeOptions = element(doc, ids.timeOptions)
  const timesNote = element(doc, ids.timesNote)
  const refusal = element(doc, ids.refusal)
  let days: FreeDay[] = []
  let zone = options.visitorZone

  const checked = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input:checked')
  const clearRefusal = () => {
    refusal.hidden = true
    refusal.textContent = ''
  }

  const showTimes = (day: FreeDay) => {
    const label = dayLabel(day.day)
    const shown = day.slots.map((slot) => slotTime(slot, options.visitorZone, zone))
    const zoneOfDay = shown.find((time) => time.zone)?.zone
    timesNote.textContent =
      `${capitalized(label.name)}.` + (zoneOfDay ? ` ${bookingMessages.zoneNote(zoneOfDay)}` : '')
    timeOptions.replaceChildren(
      ...day.slots.map(
        (slot, index) =>
          radioOption(doc, `${prefix}-time`, slot, doc.createTextNode(shown[index]?.time ?? ''))
            .label,
      ),
    )
    times.hidden = false
    return label
  }

  const pickDay = (value: string, announce: boolean) => {
    const day = days.find((candidate) => candidate.day === value)
    if (!day) return
    const label = showTimes(day)
    options.onPick(null)
    if (announce) options.announce(bookingMessages.dayTimes(day.slots.length, label.name))
  }

  // A pointer's click has a count (`detail`); the click a browser fires for an arrow key or
  // Space has none. Focus moves after the change is handled.
  const onPointerOrEnter = (container: HTMLElement, next: () => void) => {
    container.addEventListener('click', (event) => {
      if (event.detail > 0 && event.target instanceof HTMLInputElement) setTimeout(next)
    })
    container.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return
      // Enter in a form's field would send it: here it means "this one, go on".
      event.preventDefault()
      event.target.click()
      next()
    })
  }

  const focusTimes = () => {
    const target = checked(timeOptions) ?? timeOptions.querySelector('input')
    target?.focus()
  }

  dayOptions.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement) pickDay(event.target.value, true)
  })
  timeOptions.addEventListener('change', () => {
    clearRefusal()
    options.onPick(checked(timeOptions)?.value ?? null)
  })
  onPointerOrEnter(dayOptions, focusTimes)
  onPointerOrEnter(timeOptions, () => {
    if (checked(timeOptions)) options.onTimeChosen()
  })

  return {
    show(free) {
      zone = free.time_zone
      const before = checked(dayOptions)?.value
      days = freeDays(free.slots, options.visitorZone)
      const keep = days.find((day) => day.day === before) ?? days[0]
      dayOptions.replaceChildren(
        ...days.map((day) => {
          const label = dayLabel(day.day)
          const option = radioOption(
            doc,
            `${prefix}-day`,
            day.day,
            span(doc, label.name, { class: 'sr-only' }),
            shortDay(doc, label.weekday, label.date),
          )
          option.input.checked = day === keep
          return option.label
        }),
      )
      if (keep) pickDay(keep.day, false)
      else {
        times.hidden = true
        timeOptions.replaceChildren()
        options.onPick(null)
      }
      return days
    },
    picked: () => checked(timeOptions)?.value ?? null,
    refuse(message) {
      refusal.textContent = message
      refusal.hidden = false
      refusal.focus()
    },
    focusTimes,
    companyZone: () => zone,
  }
}
