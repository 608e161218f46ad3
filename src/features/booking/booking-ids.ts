/**
 * The ids the booking pages' prerendered markup gives and their scripts find (besides the
 * picker's, picker-ids.ts), in one place so the two never drift.
 */
export const bookingIds = {
  status: 'booking-status',
  retry: 'booking-retry',
  form: 'booking-form',
  details: 'booking-details',
  chosen: 'booking-chosen',
  chosenWhen: 'booking-chosen-when',
  refusal: 'booking-refusal',
  submit: 'booking-submit',
  done: 'booking-done',
  doneTitle: 'booking-done-title',
  doneWhen: 'booking-done-when',
  doneCompanyWhen: 'booking-done-company-when',
  doneEmail: 'booking-done-email',
  summaryTitle: 'booking-summary-title',
  summaryZone: 'booking-summary-zone',
  summaryDay: 'booking-summary-day',
  summaryTime: 'booking-summary-time',
  doneHoldUntil: 'booking-done-hold-until',
  doneFix: 'booking-done-fix',
  doneRefusal: 'booking-done-refusal',
} as const

/** The booking form's fields, by the names the page's script reads. */
export const bookingFieldNames = {
  name: 'name',
  email: 'email',
  company: 'company',
  note: 'note',
} as const

export const manageIds = {
  status: 'manage-status',
  refusal: 'manage-refusal',
  booking: 'manage-booking',
  when: 'manage-when',
  companyWhen: 'manage-company-when',
  meeting: 'manage-meeting',
  meetingRow: 'manage-meeting-row',
  name: 'manage-name',
  email: 'manage-email',
  company: 'manage-company',
  companyRow: 'manage-company-row',
  note: 'manage-note',
  statePending: 'manage-state-pending',
  holdUntil: 'manage-hold-until',
  stateExpired: 'manage-state-expired',
  stateCancelled: 'manage-state-cancelled',
  statePast: 'manage-state-past',
  stateLocked: 'manage-state-locked',
  bookAgain: 'manage-book-again',
  actions: 'manage-actions',
  confirm: 'manage-confirm',
  reschedule: 'manage-reschedule',
  cancel: 'manage-cancel',
  rescheduleForm: 'manage-reschedule-form',
  rescheduleTitle: 'manage-reschedule-title',
  rescheduleCurrent: 'manage-reschedule-current',
  rescheduleRefusal: 'manage-reschedule-refusal',
  rescheduleSubmit: 'manage-reschedule-submit',
  cancelForm: 'manage-cancel-form',
  cancelTitle: 'manage-cancel-title',
  cancelWhich: 'manage-cancel-which',
  cancelMessage: 'manage-cancel-message',
  cancelRefusal: 'manage-cancel-refusal',
  cancelSubmit: 'manage-cancel-submit',
  back: 'manage-back',
} as const

/** The picker's prefix on each page (picker-ids.ts). */
export const PICKER_PREFIX = { book: 'booking', reschedule: 'reschedule' } as const
