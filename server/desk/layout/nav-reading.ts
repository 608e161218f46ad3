import type { MiddlewareHandler } from 'hono'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import type { DeskNavCounts } from './desk-nav.tsx'

/**
 * A middleware that, for every page (a GET outside /api/), reads one thing the desk's frame
 * shows beside its links, and adds it to what the request has gathered for the frame.
 */
export const readForNav =
  <K extends keyof DeskNavCounts>(
    key: K,
    read: (db: DeskDeps['db']) => Promise<DeskNavCounts[K]>,
  ) =>
  (deps: Pick<DeskDeps, 'db'>): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    if (c.req.method === 'GET' && !c.req.path.startsWith(`${deskPaths.home}/api/`)) {
      const nav: DeskNavCounts = { ...c.get('deskNav') }
      nav[key] = await read(deps.db)
      c.set('deskNav', nav)
    }
    await next()
  }
