import type { MiddlewareHandler } from 'hono'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { countQuarantined } from './quarantine-store.ts'

/** For every page (a GET outside /api/), how many messages wait in quarantine, for the nav. */
export const countQuarantineForNav =
  (deps: Pick<DeskDeps, 'db'>): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    if (c.req.method === 'GET' && !c.req.path.startsWith(`${deskPaths.home}/api/`)) {
      c.set('deskNav', { ...c.get('deskNav'), quarantined: await countQuarantined(deps.db) })
    }
    await next()
  }
