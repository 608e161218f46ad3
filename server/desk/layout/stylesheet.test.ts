import { describe, expect, it } from 'vitest'
import {
  darkThemeDeclarations,
  darkThemeRulesBeyondColours,
} from '../../../tests/support/dark-theme-rules.ts'
import { DESK_CSS } from './stylesheet.ts'

describe("the desk's stylesheet", () => {
  // The browser tests check the desk's dark theme for contrast alone (decision 098).
  it('changes nothing but custom properties, and so colours alone, in the dark theme', () => {
    expect(darkThemeDeclarations(DESK_CSS).length).toBeGreaterThan(10)
    expect(darkThemeRulesBeyondColours(DESK_CSS)).toEqual([])
  })
})
