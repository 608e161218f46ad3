/**
 * The day and time picker, in the browser: two groups of native radio buttons written into
 * the prerendered fieldsets (slot-picker-fields.tsx), no framework. The days are laid out as a
 * month calendar, each open day a radio in its weekday's column and the others plain numbers;
 * the times are a grid of radios. A pick by pointer, or Enter on a radio, moves focus on (day
 * → its times → whatever the page puts next); arrow keys only change the pick, as they do in
 * any radio group (previous and next open day, whatever the row), so a keyboard user can walk
 * the days without being thrown out of the group (decision 046).
 */
import { calendarWeek } from '../../content/booking-calendar.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { calendarMonths } from './calendar-months.ts'
import { freeDays, type FreeDay, type FreeTimes } from './free-days.ts'
import { pickerIds } from './picker-ids.ts'
import { dayLabel, localDay, monthLabel, slotTime } from './slot-times.ts'
import { showKeepingWordsWhole } from '../../lib/words-kept-whole.ts'

export interface SlotPickerOptions {
  /** The visitor's IANA zone: the clock every time is shown on. */
  visitorZone: string
  /** For the page's live region. */
  announce(text: string): void
  /** A time was picked (or, with null, the pick was lost to fresh times). */
  onPick(slot: string | null): void
  /** A day's times are shown (or, with null, there is no day to show). */
  onDay?(day: string | null): void
  /** The visitor picked a time by pointer or confirmed it with Enter: go on to what follows. */
  onTimeChosen(): void
}

export interface SlotPicker {
  /**
   * Shows these free times, keeping the day picked if it still has some; no time picked.
   * `current`, the instant of a meeting being moved: its day is offered and picked first, and
   * its time is shown among the free ones, marked and not to be picked. Answers the days that
   * have free times.
   */
  show(free: FreeTimes, current?: string | null): FreeDay[]
  /** The picked time's instant, or null. */
  picked(): string | null
  /** Says, in place and with focus, why the time cannot be had; cleared by the next pick. */
  refuse(message: string): void
  /** Moves focus into the times: the picked one, else the first. */
  focusTimes(): void
  /** The company's zone of the last free times shown. */
  companyZone(): string
}

// Tiles a finger can land on (44 px high), the radio inside read by screen readers and drawn
// only as the tile's state; its focus ring is the tile's (the site's focus rule).
const TILE =
  'relative flex h-11 cursor-pointer items-center justify-center rounded-lg border border-line-strong bg-surface text-sm font-semibold text-ink hover:border-accent has-checked:border-accent has-checked:bg-accent has-checked:text-on-accent'
const RADIO = 'sr-only'
const CLOSED_DAY = 'flex h-11 items-center justify-center text-sm text-ink-muted'
const MONTH = 'col-span-7 pt-4 pb-1 text-sm font-semibold text-ink first:pt-0'
const WEEKDAY = 'pb-1 text-center text-xs font-medium text-ink-muted'
// The meeting being moved: a dot under its day, a dashed place among its day's times.
const CURRENT_DOT = 'absolute bottom-1 size-1.5 rounded-full bg-current'
const CURRENT_TIME =
  'flex h-11 flex-col items-center justify-center rounded-lg border border-dashed border-ink-muted text-sm leading-tight font-semibold text-ink-muted'
const CURRENT_TAG = 'text-xs font-normal'

const element = (doc: Document, id: string): HTMLElement => {
  const found = doc.getElementById(id)
  if (!found) throw new Error(`The booking page has no #${id}`)
  return found
}

function radioOption(doc: Document, name: string, value: string, ...content: Node[]) {
  const label = doc.createElement('label')
  label.className = TILE
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

function calendarDay(doc: Document, prefix: string, day: string, isCurrent: boolean) {
  const label = dayLabel(day)
  const name = isCurrent ? `${label.name}, ${bookingMessages.currentDay}` : label.name
  const option = radioOption(
    doc,
    `${prefix}-day`,
    day,
    span(doc, name, { class: 'sr-only' }),
    span(doc, String(Number(day.slice(8))), { 'aria-hidden': 'true' }),
  )
  if (isCurrent) option.label.append(span(doc, '', { 'aria-hidden': 'true', class: CURRENT_DOT }))
  return option
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
  let current: string | null = null

  const checked = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input:checked')
  const clearRefusal = () => {
    refusal.hidden = true
    refusal.textContent = ''
  }

  /** The meeting being moved, in its place among its day's free times. */
  const currentTime = (time: string) => {
    const place = span(doc, time, { 'aria-hidden': 'true', class: CURRENT_TIME })
    place.append(span(doc, bookingMessages.currentTimeTag, { class: CURRENT_TAG }))
    return place
  }

  const showTimes = (day: FreeDay) => {
    const label = dayLabel(day.day)
    const visitorZone = options.visitorZone
    const shown = day.slots.map((slot) => slotTime(slot, visitorZone, zone))
    const zoneOfDay = shown.find((time) => time.zone)?.zone
    const currentHere =
      current !== null && localDay(current, visitorZone) === day.day ? current : null
    const currentShown = currentHere && slotTime(currentHere, visitorZone, zone).time
    timesNote.textContent =
      `${capitalized(label.name)}.` +
      (currentShown ? ` ${bookingMessages.currentTime(currentShown)}` : '') +
      (zoneOfDay ? ` ${bookingMessages.zoneNote(zoneOfDay)}` : '')
    const tiles: Node[] = day.slots.map(
      (slot, index) =>
        radioOption(doc, `${prefix}-time`, slot, doc.createTextNode(shown[index]?.time ?? ''))
          .label,
    )
    if (currentHere && currentShown) {
      const before = day.slots.filter((slot) => Date.parse(slot) < Date.parse(currentHere))
      tiles.splice(before.length, 0, currentTime(currentShown))
    }
    timeOptions.replaceChildren(...tiles)
    times.hidden = false
    return label
  }

  const pickDay = (value: string, announce: boolean) => {
    const day = days.find((candidate) => candidate.day === value)
    if (!day) return
    const label = showTimes(day)
    options.onPick(null)
    options.onDay?.(day.day)
    if (announce) options.announce(bookingMessages.dayTimes(day.slots.length, label.name))
  }

  /** The month calendar: a title per month, then its days, open ones as radios. */
  const drawCalendar = (keep: FreeDay | undefined) => {
    const open = new Set(days.map((day) => day.day))
    const currentDay = current === null ? null : localDay(current, options.visitorZone)
    dayOptions.replaceChildren(
      ...calendarMonths([...open], calendarWeek.startsOn).flatMap((month) => [
        span(doc, capitalized(monthLabel(month.month)), { class: MONTH }),
        // Each day's radio says its whole date to a screen reader: the headings are for the eye.
        ...calendarWeek.days.map((weekday) =>
          span(doc, weekday, { 'aria-hidden': 'true', class: WEEKDAY }),
        ),
        ...month.cells.map((cell) => {
          if (cell === null) return span(doc, '')
          if (!open.has(cell))
            return span(doc, String(Number(cell.slice(8))), {
              'aria-hidden': 'true',
              class: CLOSED_DAY,
            })
          const option = calendarDay(doc, prefix, cell, cell === currentDay)
          option.input.checked = cell === keep?.day
          return option.label
        }),
      ]),
    )
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
    show(free, moving = null) {
      zone = free.time_zone
      current = moving
      const before = checked(dayOptions)?.value
      days = freeDays(free.slots, options.visitorZone)
      // The meeting being moved keeps its day on offer, even with no other time free there.
      const currentDay = current === null ? null : localDay(current, options.visitorZone)
      if (currentDay !== null && !days.some((day) => day.day === currentDay)) {
        days = [...days, { day: currentDay, slots: [] }].sort((a, b) => a.day.localeCompare(b.day))
      }
      const keep =
        days.find((day) => day.day === before) ??
        days.find((day) => day.day === currentDay) ??
        days[0]
      drawCalendar(keep)
      if (keep) pickDay(keep.day, false)
      else {
        times.hidden = true
        timeOptions.replaceChildren()
        options.onPick(null)
        options.onDay?.(null)
      }
      return days.filter((day) => day.slots.length > 0)
    },
    picked: () => checked(timeOptions)?.value ?? null,
    refuse(message) {
      showKeepingWordsWhole(refusal, message)
      refusal.hidden = false
      refusal.focus()
    },
    focusTimes,
    companyZone: () => zone,
  }
}
