// The Supabase Edge Function that serves the bookings' private calendar feed, which the
// company's team subscribes to by URL in its calendar app: reads SUPABASE_DB_URL (the platform
// provides it), opens the database and serves the shared handler
// (../_shared/bookings-feed.ts, which the Node server runs at /painel/agenda.ics too). Deployed
// with verify_jwt = false: a calendar app sends no key; the token in the URL is the lock.
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { handleBookingsFeed } from '../_shared/bookings-feed.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'

const log = (event: string, fields?: Record<string, unknown>) =>
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: 'error', event, ...fields }),
  )

const databaseUrl = Deno.env.get('SUPABASE_DB_URL')?.trim()

const serveMisconfigured = () => {
  log('function_not_configured', { problems: ['SUPABASE_DB_URL is missing.'] })
  return () =>
    new Response('This function is not configured: SUPABASE_DB_URL is missing.\n', {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
}

const serveConfigured = (url: string) => {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  // An idle connection the database dropped must not end the function.
  pool.on('error', () => {})
  const query = async (sql: string, params: unknown[]) => await pool.query(sql, params)
  return async (req: Request) => {
    try {
      // Each token look-up counts in its caller's budget (decision 040).
      return await handleBookingsFeed(req, {
        query,
        countCall: (request: Request) => countFunctionCall(request, query),
      })
    } catch (error) {
      log('bookings_feed_failed', { message: error instanceof Error ? error.message : 'unknown' })
      return new Response('Internal Server Error\n', {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    }
  }
}

Deno.serve(databaseUrl ? serveConfigured(databaseUrl) : serveMisconfigured())
