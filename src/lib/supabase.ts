import { FunctionsClient } from '@supabase/functions-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import { parseSupabaseEnv, resolveSupabaseUrl } from './env.ts'

/**
 * A data request that never answers (a connection dropped on mobile data, a server past its
 * capacity) must not leave the visitor on 'Enviando...': after this long the client aborts it,
 * the visitor is told it failed, with what they typed kept, and can send again or use the
 * e-mail and phone beside the form. If the row was stored after all, the company gets it twice
 * at worst, never not at all.
 */
export const DB_REQUEST_TIMEOUT_MS = 20_000

export interface SupabaseClients {
  readonly db: PostgrestClient
  readonly functions: FunctionsClient
}

/**
 * The two sub-clients are all the site uses; together they are ~6 kB gzip against ~52 kB for
 * supabase-js. The fetch wrapper looks up `fetch` per call instead of capturing it once, so a
 * polyfill or a test stub installed later is honoured.
 */
export function createSupabaseClients(
  env = parseSupabaseEnv(import.meta.env),
  origin = window.location.origin,
): SupabaseClients {
  const baseUrl = resolveSupabaseUrl(env.url, origin)
  const headers = { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}` }
  const lateFetch: typeof fetch = (input, init) => fetch(input, init)
  return {
    db: new PostgrestClient(`${baseUrl}/rest/v1`, {
      headers,
      fetch: lateFetch,
      timeout: DB_REQUEST_TIMEOUT_MS,
    }),
    functions: new FunctionsClient(`${baseUrl}/functions/v1`, { headers, customFetch: lateFetch }),
  }
}
