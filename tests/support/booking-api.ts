import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import type { FreeTimes } from '../../src/features/booking/free-days.ts'
import { MANAGE_TOKEN_IN_OUTBOX } from './booking.ts'

/**
 * Another visitor of the site, through the real Supabase client: books, reads the free times,
 * the way a page elsewhere would, to race the one under test.
 */
export function apiVisitor(url: string, anonKey = DEV_ANON_KEY): SupabaseClient {
  return createClient(url, anonKey, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
  })
}

export async function freeTimesOf(url: string): Promise<FreeTimes> {
  const { data, error } = await apiVisitor(url).rpc('booking_free_times')
  if (error) throw new Error(`booking_free_times refused: ${JSON.stringify(error)}`)
  return data as FreeTimes
}

/**
 * Books `startsAt` for `email`: a hold waiting for the visitor's confirmation from the e-mail
 * (decision 038). The page's own answer carries no manage token, only the hold's.
 */
export async function bookThroughApi(
  url: string,
  startsAt: string,
  email: string,
): Promise<{ id: string; hold_token: string; starts_at: string }> {
  const { data, error } = await apiVisitor(url).rpc('book_meeting', {
    starts_at: startsAt,
    name: 'Outra Pessoa',
    email,
    company: null,
    note: 'Marcado por outro visitante.',
    time_zone: 'America/Sao_Paulo',
    form_trap: '',
    form_elapsed_ms: 60_000,
  })
  if (error) throw new Error(`book_meeting refused: ${JSON.stringify(error)}`)
  return data as { id: string; hold_token: string; starts_at: string }
}

/**
 * Books `startsAt` for `email` and confirms it as the visitor does from the e-mail's link: a
 * meeting. The manage token is read where the e-mail will carry it from (the outbox's row).
 */
export async function bookConfirmedThroughApi(
  site: { url: string; query<T>(sql: string, params?: unknown[]): Promise<T[]> },
  startsAt: string,
  email: string,
): Promise<{ id: string; manage_token: string; starts_at: string }> {
  const held = await bookThroughApi(site.url, startsAt, email)
  const [row] = await site.query<{ manage_token: string }>(MANAGE_TOKEN_IN_OUTBOX, [held.id])
  const token = row?.manage_token
  if (!token) throw new Error(`No manage token waits in the outbox for ${held.id}`)
  const { error } = await apiVisitor(site.url).rpc('confirm_booking', { token })
  if (error) throw new Error(`confirm_booking refused: ${JSON.stringify(error)}`)
  return { id: held.id, manage_token: token, starts_at: held.starts_at }
}
