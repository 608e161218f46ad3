import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import OTHER from '../../tests/support/other-company.json'
import { describeOfficeHours, describeWeekdays } from './office-hours.ts'

describe('office hours in words', () => {
  it('words weekdays and whole and half hours as the phone card shows them', () => {
    const hours = { ...company.officeHours, weekdays: [1, 2, 3, 4, 5], opens: '07:15' }
    expect(describeOfficeHours({ ...hours, closes: '16:00' })).toBe('Seg-Sex, 7h15-16h')
  })

  it('words another company with minutes and a Saturday', () => {
    const words = 'Ter-Sáb, 8h30-12h' // company-fact-ok: the other company's, as data
    expect(describeOfficeHours(OTHER.officeHours)).toBe(words)
  })

  it.each([
    [[1, 3, 5], 'Seg, Qua, Sex'],
    [[4, 1, 2], 'Seg-Ter, Qui'],
    [[6, 7], 'Sáb-Dom'],
    [[3], 'Qua'],
  ])('words the weekdays %j as %s', (days, text) => {
    expect(describeWeekdays(days)).toBe(text)
  })
})
