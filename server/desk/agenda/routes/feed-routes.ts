import { Hono } from 'hono'
import { FEED_TOKEN_PARAMETER, handleBookingsFeed } from '#shared/booking/bookings-feed.ts'
import { company } from '#shared/company/company.ts'
import { deskPaths } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderPage } from '../../http/render.ts'
import { readAgendaClock } from '../agenda-store.ts'
import { createFeedToken, feedTokenCreatedAt } from '../feed-token.ts'
import { FeedPage } from '../pages/feed-page.tsx'

/** The site's public address (SITE_URL), without a trailing slash. */
const publicOrigin = (deps: Pick<DeskDeps, 'siteUrl'>) =>
  (deps.siteUrl ?? company.siteUrl).replace(/\/+$/, '')

/**
 * The bookings' calendar feed itself, outside the session (a calendar app cannot sign in):
 * the token in the URL is checked against its stored hash in constant time by the handler the
 * Edge Function runs too. Mounted before requireSession.
 */
export const createFeedRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  app.get('/agenda.ics', (c) => {
    const origin = publicOrigin(deps)
    return handleBookingsFeed(c.req.raw, {
      query: (sql, params) => deps.db.query(sql, params),
      deskLink: (id) => `${origin}${deskPaths.booking(id)}`,
    })
  })
  return app
}

/** The page that makes the feed's address, behind the session like every desk page. */
export const createFeedSettingsRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  app.get('/agenda/calendario', async (c) => {
    const [clock, createdAt] = await Promise.all([
      readAgendaClock(deps.db),
      feedTokenCreatedAt(deps.db),
    ])
    return renderPage(
      c,
      FeedPage({ zone: clock.zone, csrfToken: c.get('session').csrfToken, createdAt }),
    )
  })

  // The answer to this POST is the one place the address appears: it is not redirected to a
  // URL that would carry it, and desk answers are never cached (no-store).
  app.post('/agenda/calendario', async (c) => {
    const body = await c.req.parseBody()
    if ((await feedTokenCreatedAt(deps.db)) !== undefined && body.confirm !== '1') {
      return c.redirect(deskPaths.feedSettings, 303)
    }
    const token = await createFeedToken(deps.db)
    deps.log.info('bookings_feed_token_created')
    const [clock, createdAt] = await Promise.all([
      readAgendaClock(deps.db),
      feedTokenCreatedAt(deps.db),
    ])
    const url = `${publicOrigin(deps)}${deskPaths.feed}?${FEED_TOKEN_PARAMETER}=${token}`
    return renderPage(
      c,
      FeedPage({ zone: clock.zone, csrfToken: c.get('session').csrfToken, createdAt, newUrl: url }),
    )
  })
  return app
}
