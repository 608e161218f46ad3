/**
 * The columns of contact_submissions every read of a stored lead starts with, as the driver
 * gives them (a timestamp is a Date from PGlite, a string from some pg settings).
 */
export interface SubmissionRow {
  id: string
  created_at: Date | string
  name: string
  email: string
  company: string | null
}
