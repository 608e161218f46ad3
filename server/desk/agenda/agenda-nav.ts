import type { MiddlewareHandler } from 'hono'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { countMeetingsToday } from './agenda-store.ts'

/**
 * For every page (a GET outside /api/), how many meetings there are today, for the nav: one
 * count on the bookings' start index.
 */
export const countMeetingsForNav =
  (deps: Pick<DeskDeps, 'db'>): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    if (c.req.method === 'GET' && !c.req.path.startsWith(`${deskPaths.home}/api/`)) {
      c.set('deskNav', { ...c.get('deskNav'), meetingsToday: await countMeetingsToday(deps.db) })
    }
    await next()
  }
