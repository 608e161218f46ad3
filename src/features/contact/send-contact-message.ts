import { contactToasts } from '../../content/contact.ts'
import { createSupabaseClients, type SupabaseClients } from '../../lib/supabase.ts'
import type { Attribution } from '#shared/contact/attribution.ts'
import { currentArrival } from '../attribution/carry-arrival.ts'

export interface ContactFormValues {
  name: string
  email: string
  company: string
  message: string
}

/**
 * What tells a bot from a person, sent with the row and checked by the database (see
 * supabase/migrations/*_contact_guard.sql): the hidden field a person never sees, and how long
 * the page had been open. A bot that trips either is answered like anyone else and its row is
 * dropped, so it learns nothing.
 */
export interface BotSignals {
  trap: string
  elapsedMs: number
}

/** The `integer` column's ceiling: a tab left open for 25 days must not make the insert fail. */
const MAX_ELAPSED_MS = 2_147_483_647

export type SendContactResult = { ok: true } | { ok: false; description: string }

/** A hanging mail server must not keep the visitor waiting: the row is already safe by then. */
export const EMAIL_FUNCTION_TIMEOUT_MS = 10_000

let defaultClients: SupabaseClients | undefined

function describeFailure(message: string | undefined, status: number): string {
  // postgrest-js turns a thrown fetch (offline, DNS, CORS) into an error with status 0 whose
  // message is the JavaScript exception, not something the database said.
  const fromDatabase = status !== 0 && message ? message : undefined
  return fromDatabase
    ? contactToasts.error.databasePrefix + fromDatabase
    : contactToasts.error.unexpected
}

/**
 * The only place that talks to the backend: store the submission, then ask for the notification
 * e-mail. A failed e-mail is only logged, because the submission is already stored.
 */
export async function sendContactMessage(
  values: ContactFormValues,
  signals: BotSignals,
  clients: SupabaseClients = (defaultClients ??= createSupabaseClients()),
  arrival: Attribution = currentArrival(),
): Promise<SendContactResult> {
  const submission = {
    name: values.name,
    email: values.email,
    company: values.company.trim() === '' ? null : values.company,
    message: values.message,
  }

  try {
    const { error, status } = await clients.db.from('contact_submissions').insert({
      ...submission,
      // Where the visitor came from (decision 033); the database drops a value it cannot keep.
      ...arrival,
      form_trap: signals.trap,
      form_elapsed_ms: Math.min(Math.max(0, Math.round(signals.elapsedMs)), MAX_ELAPSED_MS),
    })
    if (error) return { ok: false, description: describeFailure(error.message, status) }
  } catch (error) {
    console.error('contact_submissions insert threw', error)
    return { ok: false, description: contactToasts.error.unexpected }
  }

  try {
    const { data, error } = await clients.functions.invoke('send-contact-email', {
      body: submission,
      timeout: EMAIL_FUNCTION_TIMEOUT_MS,
    })
    if (error) console.error('send-contact-email failed', error)
    else console.info('send-contact-email answered', data)
  } catch (error) {
    console.error('send-contact-email threw', error)
  }
  return { ok: true }
}
