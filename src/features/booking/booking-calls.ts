/**
 * The booking pages' only way to the backend: the six calls of docs/booking.md through
 * PostgREST's rpc route, and the e-mail function, whose client loads only once there is
 * something to mail. The calls are plain `fetch`es as postgrest-js makes them: its client is
 * about 5 KB gzip of query building these pages never use, and /agendar's script runs before
 * any interaction within a 10 KB budget (decision 028).
 */
import type { Attribution } from '#shared/contact/attribution.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { parseSupabaseEnv } from '../../lib/env.ts'
import { backendOf, DB_REQUEST_TIMEOUT_MS, lateFetch } from '../../lib/data-client.ts'
import type { FreeTimes } from './free-days.ts'

/** What the calls answer about a booking (docs/booking.md, "A booking"). */
export interface Booking {
  id: string
  /** pending: waiting for its confirmation from the inbox; expired: never confirmed in time. */
  status: 'pending' | 'expired' | 'confirmed' | 'cancelled' | 'held' | 'no_show'
  starts_at: string
  ends_at: string
  time_zone: string
  company_time_zone: string
  meeting_url: string
  name: string
  email: string
  company: string | null
  note: string
  sequence: number
  /** Until when a booking waits for its confirmation (null for one made before holds). */
  hold_until: string | null
  cancelled_at: string | null
  cancelled_by: 'visitor' | 'company' | null
  can_confirm: boolean
  can_cancel: boolean
  can_reschedule: boolean
  /**
   * Only in book_meeting's answer: the page's token for this hold, which asks for its e-mail
   * and gives the hold up (a mistyped address). The manage token travels only by e-mail.
   */
  hold_token?: string
}

/** A refusal as the database words it (`message`) with the reason to act on (`details`). */
export interface Refusal {
  /** The HTTP status; 0 when no answer came (offline, timed out). */
  status: number
  /** PostgREST's code: `PT409` and the like for the booking's own refusals, `23514` a field. */
  code: string | null
  details: string | null
  /** The database's Portuguese words; null when there are none to show. */
  message: string | null
  hint: string | null
}

export type CallResult<T> = { ok: true; data: T } | { ok: false; refusal: Refusal }

/**
 * What giving a hold up with the page's token answers, whatever became of it (decision 059):
 * the page's token holds nothing any more. A hold still waiting was given up; a meeting its
 * inbox confirmed is the inbox's to move or cancel, and the token never says which.
 */
export interface HoldReleased {
  id: string
  status: 'released'
}

export interface NewBooking {
  starts_at: string
  name: string
  email: string
  company: string | null
  note: string
  time_zone: string
  form_trap: string
  form_elapsed_ms: number
  /** Where the visitor came from (decision 033); stored on the booking's lead. */
  attribution?: Attribution
}

/** The `integer` argument's ceiling: a tab left open for weeks must not make the call fail. */
const MAX_ELAPSED_MS = 2_147_483_647

/** A hanging mail function must not keep anyone waiting: the e-mails are queued by then. */
export const BOOKING_EMAIL_TIMEOUT_MS = 10_000

export interface BookingCalls {
  freeTimes(): Promise<CallResult<FreeTimes>>
  book(booking: NewBooking): Promise<CallResult<Booking>>
  details(token: string): Promise<CallResult<Booking>>
  confirm(token: string): Promise<CallResult<Booking>>
  cancel(token: string, message: string | null): Promise<CallResult<Booking>>
  /** Gives the hold up with the page's own token (a mistyped e-mail). */
  releaseHold(holdToken: string): Promise<CallResult<HoldReleased>>
  reschedule(token: string, startsAt: string): Promise<CallResult<Booking>>
}

/** What PostgREST answers for an error: its JSON body, or nothing readable. */
const readError = async (response: Response): Promise<Partial<Refusal>> => {
  try {
    const body: unknown = await response.json()
    return typeof body === 'object' && body !== null ? (body as Partial<Refusal>) : {}
  } catch {
    return {}
  }
}

export function createBookingCalls(
  backend = backendOf(parseSupabaseEnv(import.meta.env), window.location.origin),
): BookingCalls {
  const call = async <T>(name: string, args: Record<string, unknown> = {}) => {
    try {
      const response = await lateFetch(`${backend.baseUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { ...backend.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(DB_REQUEST_TIMEOUT_MS),
      })
      if (response.ok) return { ok: true, data: (await response.json()) as T } as const
      const error = await readError(response)
      return {
        ok: false,
        refusal: {
          status: response.status,
          code: error.code ?? null,
          details: error.details ?? null,
          message: error.message || null,
          hint: error.hint ?? null,
        },
      } as const
    } catch {
      // No answer (offline, the time limit, CORS): nothing the database said, as postgrest-js
      // reported it too; the page says the call failed and keeps what was typed.
      return {
        ok: false,
        refusal: { status: 0, code: null, details: null, message: null, hint: null },
      } as const
    }
  }
  return {
    freeTimes: () => call<FreeTimes>('booking_free_times'),
    book: (booking) =>
      call<Booking>('book_meeting', {
        ...booking,
        form_elapsed_ms: Math.min(Math.max(0, Math.round(booking.form_elapsed_ms)), MAX_ELAPSED_MS),
      }),
    details: (token) => call<Booking>('booking_details', { token }),
    confirm: (token) => call<Booking>('confirm_booking', { token }),
    cancel: (token, message) => call<Booking>('cancel_booking', { token, message }),
    releaseHold: (holdToken) => call<HoldReleased>('cancel_booking', { token: holdToken }),
    reschedule: (token, startsAt) =>
      call<Booking>('reschedule_booking', { token, starts_at: startsAt }),
  }
}

/**
 * Asks the e-mail function to send the booking's e-mails now. The outbox sends them anyway
 * (its sweep), so a failure here is only logged, like the contact form's notification.
 */
export async function askToSendBookingEmail(token: string): Promise<void> {
  try {
    const { FunctionsClient } = await import('@supabase/functions-js')
    const { baseUrl, headers } = backendOf(
      parseSupabaseEnv(import.meta.env),
      window.location.origin,
    )
    const functions = new FunctionsClient(`${baseUrl}/functions/v1`, {
      headers,
      customFetch: lateFetch,
    })
    const { data, error } = await functions.invoke('send-booking-email', {
      body: { token },
      timeout: BOOKING_EMAIL_TIMEOUT_MS,
    })
    if (error) console.error('send-booking-email failed', error)
    else console.info('send-booking-email answered', data)
  } catch (error) {
    console.error('send-booking-email threw', error)
  }
}

/**
 * What the page says for a refusal: the database's words for its own refusals and a field's
 * (with when to try again, for a limit); for a call that got no answer, or an error the
 * database did not word (a gateway's, a wire error), words of the page's own.
 */
export function refusalText(refusal: Refusal): string {
  if (refusal.status === 0) return bookingMessages.unreachable
  const worded = refusal.code === '23514' || /^PT\d{3}$/.test(refusal.code ?? '')
  if (!worded || !refusal.message) return bookingMessages.failed
  return refusal.status === 429 && refusal.hint
    ? `${refusal.message} ${refusal.hint}`
    : refusal.message
}
