import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { countMeetingsForNav } from './agenda/agenda-nav.ts'
import { warnWhenMailReachesNobody } from './layout/mail-warning.tsx'
import { createAgendaRoutes } from './agenda/routes/agenda-routes.ts'
import { createBookingRoutes } from './agenda/routes/booking-routes.ts'
import { createClosedDayRoutes } from './agenda/routes/closed-day-routes.ts'
import { createFeedRoutes, createFeedSettingsRoutes } from './agenda/routes/feed-routes.ts'
import { createReleaseRoutes } from './agenda/routes/release-routes.ts'
import { createNetworkRoutes } from './agenda/routes/network-routes.ts'
import { deskCookies } from './http/desk-cookies.ts'
import type { DeskDeps, DeskEnv, LeadDeskOptions } from './http/desk-env.ts'
import { answerDatabaseDown } from './http/database-down.ts'
import { deskHeaders } from './http/desk-headers.ts'
import { requireCsrf, requireSession, sameOriginChanges } from './http/guards.ts'
import { createApiRoutes } from './leads/routes/api-routes.ts'
import { createLeadRoutes } from './leads/routes/lead-routes.ts'
import { createListRoutes } from './leads/routes/list-routes.ts'
import { countQuarantineForNav } from './quarantine/quarantine-nav.ts'
import { readIncidentsForBanner } from './incidents/open-incidents.ts'
import { createIncidentRoutes } from './incidents/routes/incident-routes.ts'
import { createQuarantineRoutes } from './quarantine/routes/quarantine-routes.ts'
import { createWebhookRoutes } from './webhooks/routes/webhook-routes.ts'
import { createOverviewRoutes } from './overview/overview-routes.ts'
import { createLoginRoutes } from './sign-in/login-routes.ts'
import { DESK_CSS, DESK_CSS_VERSION } from './layout/stylesheet.ts'

/** A note of 5000 characters is at most 20 KB of UTF-8; nothing the desk takes is bigger. */
const MAX_DESK_BODY_BYTES = 64 * 1024

/**
 * The lead desk, mounted at /painel by server/app.ts. Order matters: headers wrap everything;
 * the stylesheet and the sign-in form are open; everything after requires a session, and
 * every change its CSRF token.
 */
export const createLeadDesk = (deps: DeskDeps) => {
  const desk = new Hono<DeskEnv>()
  desk.onError(answerDatabaseDown(deps))
  desk.use('*', deskHeaders, sameOriginChanges)
  desk.use(
    '*',
    bodyLimit({ maxSize: MAX_DESK_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) }),
  )
  desk.get('/estilo.css', (c) => {
    const current = c.req.query('v') === DESK_CSS_VERSION
    c.header('Content-Type', 'text/css; charset=utf-8')
    c.header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
    return c.body(DESK_CSS)
  })
  desk.route('/', createLoginRoutes(deps))
  // A calendar app cannot sign in: the feed's token is its lock (decision 030).
  desk.route('/', createFeedRoutes(deps))
  desk.use('*', requireSession(deps), requireCsrf)
  desk.use(
    '*',
    warnWhenMailReachesNobody(deps),
    countQuarantineForNav(deps),
    countMeetingsForNav(deps),
    readIncidentsForBanner(deps),
  )
  const behindTheSession = [
    createOverviewRoutes,
    createListRoutes,
    createLeadRoutes,
    createApiRoutes,
    createQuarantineRoutes,
    createAgendaRoutes,
    createBookingRoutes,
    createClosedDayRoutes,
    createReleaseRoutes,
    createNetworkRoutes,
    createFeedSettingsRoutes,
    createWebhookRoutes,
    createIncidentRoutes,
  ]
  for (const routes of behindTheSession) desk.route('/', routes(deps))
  return desk
}

/** What createApp already has, plus the desk's own options. */
export const leadDeskRoutes = (
  options: LeadDeskOptions,
  shared: Pick<DeskDeps, 'db' | 'sendEmail' | 'log' | 'visitorMail'> & {
    clientAddress?: DeskDeps['clientAddress']
  },
) =>
  createLeadDesk({
    ...options,
    db: shared.db,
    sendEmail: shared.sendEmail,
    visitorMail: shared.visitorMail,
    log: shared.log,
    clientAddress: shared.clientAddress ?? (() => undefined),
    cookies: deskCookies(options.isHttps),
  })
