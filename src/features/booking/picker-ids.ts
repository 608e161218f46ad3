/**
 * The ids the picker's prerendered markup (slot-picker-fields.tsx) gives and its browser code
 * (slot-picker.ts) finds, in one place so the two never drift. `prefix` tells two pickers
 * apart; each page has one.
 */
export const pickerIds = (prefix: string) =>
  ({
    days: `${prefix}-days`,
    dayOptions: `${prefix}-day-options`,
    times: `${prefix}-times`,
    timeOptions: `${prefix}-time-options`,
    timesNote: `${prefix}-times-note`,
    refusal: `${prefix}-slot-refusal`,
  }) as const
