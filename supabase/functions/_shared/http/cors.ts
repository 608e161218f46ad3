/**
 * CORS for browser calls. The site's origin must receive Access-Control-Allow-Origin on
 * every response, errors included: without it supabase-js reports "Failed to fetch" and
 * hides the real error (or, worse, reports a stored row as a failure).
 */
export const CORS_ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, content-profile, x-retry-count, prefer, accept-profile, x-region'

export const CORS_ALLOW_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS'

/** Echoes the caller's Origin (or `*` when there is none), as PostgREST and Supabase do. */
export const corsHeaders = (origin: string | null): Record<string, string> => ({
  'Access-Control-Allow-Origin': origin ?? '*',
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
  'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
  'Access-Control-Expose-Headers': 'Content-Range, Location, Retry-After',
  'Access-Control-Max-Age': '86400',
  Vary: 'Origin',
})
