import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type {
  BookingMailSettings,
  SendBookingEmail,
} from '#shared/booking/booking-mail-delivery.ts'
import type { SendEmail } from '#shared/mail/mail-transport.ts'
import type { RunQuery } from '#shared/db/run-query.ts'
import { apiCors, requireApiKey } from './api-gateway.ts'
import { BACKUP_PATH } from './backup/backup-route.ts'
import type { ContactPageTemplate } from './contact-page.ts'
import { isConnectionFailure, type Database } from './db/database.ts'
import { DESK_PATH } from './desk/desk-paths.ts'
import { createRefusalQueue } from './rate-limit/refusal-queue.ts'
import type { CallBudget } from './rate-limit/call-budget.ts'
import { createCallGuard, type CallGuard, type RefusalShape } from './rate-limit/call-guard.ts'
import { createRefusalGuard } from './rate-limit/refusal-guard.ts'
import { createRefusalMemory, type RefusalMemory } from './rate-limit/refusal-memory.ts'
import type { ReadCache } from './db/read-cache.ts'
import type { LeadDeskOptions } from './desk/http/desk-env.ts'
import { deskCallerOf } from './desk/http/desk-callers.ts'
import { leadDeskRoutes } from './desk/lead-desk.ts'
import { createSecurityHeaders } from './security-headers.ts'
import { requestLogger, silentLogger, type Logger } from './log.ts'
import { createContactFormRoutes } from './routes/contact-form.ts'
import { createFunctionRoutes } from './routes/functions.ts'
import { databaseErrorResponse, invalidPath } from './routes/postgrest-error.ts'
import { createRestRoutes } from './routes/rest.ts'
import { createRpcRoutes } from './routes/rpc.ts'
import { createStaticRoutes, sendNotFoundPage } from './routes/static.ts'
import { createHealthRoutes } from './health/health-route.ts'
import type { StaticSite } from './static-site.ts'

export interface AppDeps {
  db: Database
  anonKey: string
  sendEmail: SendEmail
  /** The built site; without it only the API is served. */
  site?: StaticSite
  /** The contact page for a form sent without script that the database refused. */
  contactPage?: ContactPageTemplate
  log?: Logger
  /** The caller's address (the socket's); absent in `app.request()` tests. */
  clientAddress?: (c: Context) => string | undefined
  /** Whether the visitor came over HTTPS (HSTS); absent in `app.request()` tests: never. */
  isHttps?: (c: Context) => boolean
  /** See MailSettings.responseDeadlineMs. */
  responseDeadlineMs: number
  /** See Settings.mailSweepSecret; without it the /retry and /sweep routes are refused. */
  mailSweepSecret?: string
  /** See Settings.healthToken; without it /healthz shows nobody more than its status. */
  healthToken?: string
  /** The booking e-mails (send-booking-email); without them that function is not served. */
  bookingMail?: { sendBookingEmail: SendBookingEmail; settings: BookingMailSettings }
  /** The lead desk at /painel; absent while no ADMIN_PASSWORD is set. */
  desk?: LeadDeskOptions
  /** The database's flood refusals this server remembers; one of its own by default. */
  refusalMemory?: RefusalMemory
  /** See Settings.refusalsPerSecond; absent in `app.request()` tests: no limit. */
  refusalsPerSecond?: number
  /** GET /_backup for `npm run backup` (a PGlite server only: backup/backup-route.ts). */
  backupRoute?: Hono
  /**
   * Every public call counted per caller (decision 040; start-server.ts makes it and its
   * shared tally); absent in `app.request()` tests: no limit on calls.
   */
  callBudget?: CallBudget
  /** Answers the same for every caller, kept for a second (the free times); absent: none. */
  readCache?: ReadCache
  /**
   * Called when this server's desk blocked or lifted a network, before its answer leaves: the
   * call budget takes the new block list at once (start-server.ts: a tally).
   */
  blocksChanged?: () => Promise<void>
}

const isApiPath = (path: string) => /^\/(rest|functions)\/v1(\/|$)/.test(path)

/** Builds the whole HTTP surface from its dependencies; importing this file does no I/O. */
export const createApp = (deps: AppDeps) => {
  const log = deps.log ?? silentLogger
  const query: RunQuery = (sql, params) => deps.db.query(sql, params)
  const site: StaticSite = deps.site ?? new Map()
  const clientAddress = deps.clientAddress ?? (() => undefined)
  // One caller's refusals leave in turns, whichever guard refused them.
  const turns = createRefusalQueue({ perSecond: deps.refusalsPerSecond ?? 0 })
  const refusals = createRefusalGuard(
    deps.refusalMemory ?? createRefusalMemory(),
    clientAddress,
    {},
    turns,
  )
  const calls: CallGuard | undefined =
    deps.callBudget && createCallGuard(deps.callBudget, turns, clientAddress)
  const passThrough: MiddlewareHandler = (_c, next) => next()
  const limitCalls = (shape: RefusalShape) => calls?.limit(shape) ?? passThrough

  const app = new Hono()
  app.use('*', requestLogger(log))
  // Around every route, the desk's included: it fills in what a route left unset, so the
  // desk keeps its own, stricter headers and still gets HSTS and Permissions-Policy.
  app.use('*', createSecurityHeaders(deps.isHttps ?? (() => false)))
  if (deps.desk && calls) {
    // Every call to the desk but a signed-in operator's counts as a public call (decision
    // 058): the sign-in page, the stylesheet, the bookings feed (a calendar app cannot sign
    // in), any path with a made-up cookie, which the desk refuses without a query.
    const deskCalls = calls.limit('text', deskCallerOf(deps.desk, clientAddress))
    // `/painel/*` is `/painel` too: one registration, so each call counts once.
    app.use(`${DESK_PATH}/*`, deskCalls)
  }
  if (deps.blocksChanged) {
    // A block made or lifted from this server's desk holds here from its answer on.
    const blocksChanged = deps.blocksChanged
    app.post(`${DESK_PATH}/agenda/redes/*`, async (_c, next) => {
      await next()
      await blocksChanged()
    })
  }
  if (deps.readCache) {
    // A change to the agenda from the desk (a closed day, a cancellation, freeing junk).
    const readCache = deps.readCache
    app.post(`${DESK_PATH}/agenda/*`, async (_c, next) => {
      await next()
      readCache.forget()
    })
  }
  // The desk's replies go the booking e-mails' way: to a stored visitor's address, from the company.
  const visitorMail = deps.bookingMail && {
    sendMessage: deps.bookingMail.sendBookingEmail,
    settings: deps.bookingMail.settings,
    siteUrl: deps.bookingMail.settings.siteUrl,
    responseDeadlineMs: deps.responseDeadlineMs,
  }
  if (deps.desk) {
    app.route(DESK_PATH, leadDeskRoutes(deps.desk, { ...deps, log, visitorMail }))
  }
  if (deps.backupRoute) app.route(BACKUP_PATH, deps.backupRoute)
  for (const [prefix, shape] of [
    ['/rest/v1', 'postgrest'],
    ['/functions/v1', 'function'],
  ] as const) {
    // Counted before the key is checked: a flood without the key is a flood all the same.
    // `${prefix}/*` is the prefix itself too, which counted twice when it was registered apart.
    app.use(`${prefix}/*`, apiCors, limitCalls(shape), requireApiKey(deps.anonKey))
  }
  const restDeps = {
    db: deps.db,
    clientAddress,
    log,
    refusals,
    readCache: deps.readCache,
  }
  // Before the tables' routes: /rest/v1/rpc/NAME calls a function (the booking calls).
  app.route('/rest/v1/rpc', createRpcRoutes(restDeps))
  app.route('/rest/v1', createRestRoutes(restDeps))
  const functionDeps = {
    query,
    log,
    responseDeadlineMs: deps.responseDeadlineMs,
    sweepSecret: deps.mailSweepSecret,
  }
  app.route(
    '/functions/v1',
    createFunctionRoutes(
      { ...functionDeps, sendEmail: deps.sendEmail, clientAddress, refusals },
      deps.bookingMail && { ...functionDeps, ...deps.bookingMail },
    ),
  )
  // Before the static routes, which serve the contact page itself (GET /contato).
  if (deps.site) {
    app.route(
      '/',
      createContactFormRoutes({
        db: deps.db,
        clientAddress,
        refusals,
        calls,
        page: deps.contactPage,
        query,
        sendEmail: deps.sendEmail,
        log,
        responseDeadlineMs: deps.responseDeadlineMs,
      }),
    )
  }
  // For uptime monitors: up, the database, and for HEALTH_TOKEN the queues (decisions 052, 057).
  app.route('/', createHealthRoutes(deps.db, { token: deps.healthToken }))
  app.route('/', createStaticRoutes(site))

  // An empty 404 would read as success in supabase-js, so API paths always get JSON.
  app.notFound((c) => (isApiPath(c.req.path) ? invalidPath(c) : sendNotFoundPage(c, site)))
  app.onError((error, c) => {
    // The database away, wherever a route did not answer it itself: 503, not a bug's 500.
    if (isConnectionFailure(error)) {
      if (isApiPath(c.req.path)) return databaseErrorResponse(c, error, log)
      log.error('database_unavailable', { path: c.req.path, message: error.message })
      return c.text('Service Unavailable', 503)
    }
    log.error('unhandled_error', { path: c.req.path, message: error.message })
    return isApiPath(c.req.path)
      ? c.json(
          { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' },
          500,
        )
      : c.text('Internal Server Error', 500)
  })
  return app
}
