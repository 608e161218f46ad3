import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { pickerIds } from './picker-ids.ts'
import { SlotPickerFields } from './slot-picker-fields.tsx'
import { createSlotPicker, type SlotPickerOptions } from './slot-picker.ts'

const COMPANY = 'America/Sao_Paulo'
// Wednesday 2027-03-10 at 9h, 9h30 and 10h in São Paulo; Friday the 12th at 14h.
const FREE = {
  time_zone: COMPANY,
  slot_minutes: 30,
  first_day: '2027-03-10',
  last_day: '2027-03-31',
  slots: [
    '2027-03-10T12:00:00Z',
    '2027-03-10T12:30:00Z',
    '2027-03-10T13:00:00Z',
    '2027-03-12T17:00:00Z',
  ],
}

/** The picker's prerendered frame in a form, as the page has it, and the picker on it. */
function showPicker(visitorZone: string, overrides: Partial<SlotPickerOptions> = {}) {
  document.body.innerHTML = `<form>${renderToString(<SlotPickerFields prefix="test" />)}</form>`
  const seen = {
    announced: [] as string[],
    picks: [] as (string | null)[],
    days: [] as (string | null)[],
    chosen: 0,
  }
  const picker = createSlotPicker(document, 'test', {
    visitorZone,
    announce: (text) => seen.announced.push(text),
    onPick: (slot) => seen.picks.push(slot),
    onTimeChosen: () => (seen.chosen += 1),
    ...overrides,
  })
  return { picker, seen }
}

const days = () => within(screen.getByRole('group', { name: 'Escolha o dia' }))
const times = () => within(screen.getByRole('group', { name: 'Escolha o horário' }))

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the day and time picker', () => {
  it('offers each day with free times as a radio, the first picked and its times shown', () => {
    const { picker } = showPicker(COMPANY)
    expect(picker.show(FREE)).toHaveLength(2)
    const dayRadios = days().getAllByRole('radio')
    expect(dayRadios.map((radio) => radio.getAttribute('value'))).toEqual([
      '2027-03-10',
      '2027-03-12',
    ])
    expect(days().getByRole('radio', { name: 'quarta-feira, 10 de março' })).toBeChecked()
    // A month calendar: the month, its weekdays, then its days from the first open one's week
    // to the last one's; the eye reads the day's number, a screen reader the whole date.
    const calendar = document.getElementById(pickerIds('test').dayOptions)
    expect(calendar?.textContent).toBe(
      'Março de 2027' +
        'domsegterquaquisexsáb' +
        '789quarta-feira, 10 de março1011sexta-feira, 12 de março1213',
    )
    expect(days().getByText('10')).toHaveAttribute('aria-hidden', 'true')
    // A day with nothing free is a number, not a choice, and says nothing to a screen reader.
    expect(days().getByText('11')).toHaveAttribute('aria-hidden', 'true')
    expect(days().getByText('11').closest('label')).toBeNull()
    expect(
      times()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['09:00', '09:30', '10:00'])
    expect(
      times()
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false)
    // Said where the group is entered; no zone for a visitor on the company's clock.
    expect(document.getElementById(pickerIds('test').timesNote)).toHaveTextContent(
      /^Quarta-feira, 10 de março\.$/,
    )
    expect(picker.picked()).toBeNull()
  })

  it('shows a visitor in Manaus the company’s 9h as 8h and names the zone', () => {
    const { picker } = showPicker('America/Manaus')
    picker.show(FREE)
    expect(
      times()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['08:00', '08:30', '09:00'])
    expect(document.getElementById(pickerIds('test').timesNote)?.textContent).toMatch(
      /Horários no seu fuso: .*Amazonas.* \(GMT-4\)\.$/,
    )
    expect(screen.getByRole('group', { name: 'Escolha o horário' })).toHaveAccessibleDescription(
      /Amazonas/,
    )
  })

  it('puts a time on the day it falls on for the visitor', () => {
    const { picker } = showPicker('Asia/Tokyo')
    picker.show(FREE)
    // 9h, 9h30 and 10h in São Paulo are 21h to 22h on the 10th in Tokyo; 14h on the 12th is
    // 2h on the 13th.
    expect(
      days()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2027-03-10', '2027-03-13'])
  })

  it('shows another day’s times when it is picked, says how many, and moves focus to them on a tap', async () => {
    const user = userEvent.setup()
    const { picker, seen } = showPicker(COMPANY)
    picker.show(FREE)
    await user.click(days().getByRole('radio', { name: 'sexta-feira, 12 de março' }))
    expect(
      times()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['14:00'])
    expect(seen.announced.at(-1)).toBe('1 horário livre em sexta-feira, 12 de março.')
    await vi.waitFor(() => expect(times().getByRole('radio', { name: '14:00' })).toHaveFocus())
  })

  it('lets arrow keys walk the days without leaving the group, and Enter go on to the times', async () => {
    const user = userEvent.setup()
    const { picker } = showPicker(COMPANY)
    picker.show(FREE)
    days().getByRole('radio', { name: 'quarta-feira, 10 de março' }).focus()
    await user.keyboard('{ArrowRight}')
    const friday = days().getByRole('radio', { name: 'sexta-feira, 12 de março' })
    expect(friday).toBeChecked()
    // A pointer's pick moves focus in a task of its own; after one, none was scheduled.
    await new Promise((resolve) => setTimeout(resolve))
    expect(friday).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(times().getByRole('radio', { name: '14:00' })).toHaveFocus()
  })

  it('reports the picked time, and a tap or Enter on one goes on to what follows', async () => {
    const user = userEvent.setup()
    const { picker, seen } = showPicker(COMPANY)
    picker.show(FREE)
    await user.click(times().getByRole('radio', { name: '09:30' }))
    expect(picker.picked()).toBe('2027-03-10T12:30:00Z')
    expect(seen.picks.at(-1)).toBe('2027-03-10T12:30:00Z')
    await vi.waitFor(() => expect(seen.chosen).toBe(1))
    times().getByRole('radio', { name: '09:30' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(picker.picked()).toBe('2027-03-10T13:00:00Z')
    await user.keyboard('{Enter}')
    expect(seen.chosen).toBe(2)
  })

  it('shows fresh times keeping the day but not the time, and says why the time was lost', async () => {
    const user = userEvent.setup()
    const { picker, seen } = showPicker(COMPANY)
    picker.show(FREE)
    await user.click(days().getByRole('radio', { name: 'sexta-feira, 12 de março' }))
    picker.refuse('Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.')
    picker.show({ ...FREE, slots: [...FREE.slots, '2027-03-12T17:30:00Z'] })
    expect(days().getByRole('radio', { name: 'sexta-feira, 12 de março' })).toBeChecked()
    expect(picker.picked()).toBeNull()
    expect(seen.picks.at(-1)).toBeNull()
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Esse horário acabou de ser reservado')
    expect(alert).toHaveFocus()
    // The next pick clears it.
    await user.click(times().getByRole('radio', { name: '14:30' }))
    expect(alert).not.toBeVisible()
  })

  it('offers the day of a meeting being moved first, its time shown in place but not to pick', () => {
    const { picker, seen } = showPicker(COMPANY, { onDay: (day) => seen.days.push(day) })
    // The meeting is on Friday the 12th at 13h, which is not free: it is this visitor's.
    const offered = picker.show(FREE, '2027-03-12T16:00:00Z')
    expect(offered.map((day) => day.day)).toEqual(['2027-03-10', '2027-03-12'])
    expect(
      days().getByRole('radio', { name: 'sexta-feira, 12 de março, sua reunião atual' }),
    ).toBeChecked()
    expect(seen.days).toEqual(['2027-03-12'])
    const timeOptions = document.getElementById(pickerIds('test').timeOptions)
    expect(timeOptions?.textContent).toBe('13:00atual14:00')
    expect(
      times()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2027-03-12T17:00:00Z'])
    expect(screen.getByRole('group', { name: 'Escolha o horário' })).toHaveAccessibleDescription(
      'Sexta-feira, 12 de março. Sua reunião está marcada para as 13:00.',
    )
  })

  it('still offers the moved meeting’s day when nothing else is free on it', () => {
    const { picker, seen } = showPicker(COMPANY)
    // Monday the 15th: no free time at all that day.
    expect(picker.show(FREE, '2027-03-15T12:00:00Z').map((day) => day.day)).toEqual([
      '2027-03-10',
      '2027-03-12',
    ])
    const monday = days().getByRole('radio', {
      name: 'segunda-feira, 15 de março, sua reunião atual',
    })
    expect(monday).toBeChecked()
    expect(times().queryAllByRole('radio')).toEqual([])
    expect(seen.picks.at(-1)).toBeNull()
  })

  it('hides the times when no day has any left', () => {
    const { picker } = showPicker(COMPANY)
    picker.show(FREE)
    expect(picker.show({ ...FREE, slots: [] })).toEqual([])
    expect(days().queryAllByRole('radio')).toEqual([])
    expect(document.getElementById(pickerIds('test').times)).not.toBeVisible()
  })
})
