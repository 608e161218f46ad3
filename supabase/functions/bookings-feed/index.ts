// The Supabase Edge Function that serves the bookings' private calendar feed, which the
// company's team subscribes to by URL in its calendar app: reads SUPABASE_DB_URL (the platform
// provides it), opens the database and serves the shared handler
// (../_shared/booking/bookings-feed.ts, which the Node server runs at /painel/agenda.ics too). Deployed
// with verify_jwt = false: a calendar app sends no key; the token in the URL is the lock.
import { handleBookingsFeed } from '../_shared/booking/bookings-feed.ts'
import {
  functionLog,
  notConfigured,
  openDatabase,
  serveFunction,
  type LoadedSettings,
} from '../_shared/http/edge-function.ts'
import { countFunctionCall } from '../_shared/http/function-call-limit.ts'

const NO_STORE = { 'Cache-Control': 'no-store' }
const databaseUrl = Deno.env.get('SUPABASE_DB_URL')?.trim()
const loaded: LoadedSettings<{ databaseUrl: string; warnings: string[] }> = databaseUrl
  ? { ok: true, settings: { databaseUrl, warnings: [] } }
  : { ok: false, problems: ['SUPABASE_DB_URL is missing.'] }

Deno.serve(
  serveFunction(
    loaded,
    (settings) => {
      const { query } = openDatabase(settings.databaseUrl, 2)
      return async (req) => {
        try {
          // Each token look-up counts in its caller's budget (decision 040).
          return await handleBookingsFeed(req, {
            query,
            countCall: (request: Request) => countFunctionCall(request, query),
          })
        } catch (error) {
          const message = error instanceof Error ? error.message : 'unknown'
          functionLog('error', 'bookings_feed_failed', { message })
          return new Response('Internal Server Error\n', {
            status: 500,
            headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
          })
        }
      }
    },
    (problems) => notConfigured.text(problems, NO_STORE),
  ),
)
