import { PostgrestClient } from '@supabase/postgrest-js'
import { parseSupabaseEnv, resolveSupabaseUrl, type SupabaseEnv } from './env.ts'

/**
 * A data request that never answers (a connection dropped on mobile data, a server past its
 * capacity) must not leave the visitor on 'Enviando...': after this long the client aborts it,
 * the visitor is told it failed, with what they typed kept, and can send again or use the
 * e-mail and phone beside the form. If the row was stored after all, the company gets it twice
 * at worst, never not at all.
 */
export const DB_REQUEST_TIMEOUT_MS = 20_000

/** Where the project answers and the headers every call carries, as supabase-js sends them. */
export function backendOf(env: SupabaseEnv, origin: string) {
  return {
    baseUrl: resolveSupabaseUrl(env.url, origin),
    headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}` },
  }
}

/**
 * Looks `fetch` up per call instead of capturing it once, so a polyfill or a test stub
 * installed later is honoured.
 */
export const lateFetch: typeof fetch = (input, init) => fetch(input, init)

/**
 * The data API's client alone (~5 kB gzip), apart from the functions' (supabase.ts): what a
 * page that reads before any interaction loads, with nothing it does not use yet.
 */
export function createDataClient(
  env = parseSupabaseEnv(import.meta.env),
  origin = window.location.origin,
): PostgrestClient {
  const { baseUrl, headers } = backendOf(env, origin)
  return new PostgrestClient(`${baseUrl}/rest/v1`, {
    headers,
    fetch: lateFetch,
    timeout: DB_REQUEST_TIMEOUT_MS,
  })
}
