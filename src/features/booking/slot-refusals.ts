/**
 * Refusals about the time itself (docs/booking.md): shown by the times, with fresh ones, as
 * the lost race it usually is. Every other refusal is shown above the form's button.
 */
export const SLOT_REFUSALS: ReadonlySet<string> = new Set([
  'slot_taken',
  'slot_unavailable',
  'slot_required',
])
