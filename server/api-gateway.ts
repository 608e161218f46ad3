import type { MiddlewareHandler } from 'hono'
import { CORS_ALLOW_HEADERS, corsHeaders } from '#shared/http/cors.ts'

/**
 * CORS for the API paths: preflights are answered without touching the database, and every
 * other response (errors included) carries Access-Control-Allow-Origin.
 */
export const apiCors: MiddlewareHandler = async (c, next) => {
  const headers = corsHeaders(c.req.header('origin') ?? null)
  if (c.req.method === 'OPTIONS') {
    const requested = c.req.header('access-control-request-headers')
    // Echo what the browser asks for, as PostgREST does, on top of the known list.
    if (requested) headers['Access-Control-Allow-Headers'] = `${CORS_ALLOW_HEADERS}, ${requested}`
    return c.body(null, 204, headers)
  }
  await next()
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
}

const NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
}
const BAD_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
}

/**
 * The Supabase gateway's key check, with its exact 401 bodies. It runs before anything
 * reads the body, so a caller without the key costs nothing.
 */
export const requireApiKey =
  (anonKey: string): MiddlewareHandler =>
  async (c, next) => {
    const apikey = c.req.header('apikey') ?? c.req.query('apikey')
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const key = apikey ?? bearer
    if (key === undefined) return c.json(NO_KEY, 401)
    if (key !== anonKey || (bearer !== undefined && bearer !== anonKey)) return c.json(BAD_KEY, 401)
    await next()
  }
