import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import type { FreeTimes } from '../../src/features/booking/free-days.ts'

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

/** Books `startsAt` for `email`; answers the booking, its manage token included. */
export async function bookThroughApi(
  url: string,
  startsAt: string,
  email: string,
): Promise<{ id: string; manage_token: string; starts_at: string }> {
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
  return data as { id: string; manage_token: string; starts_at: string }
}
