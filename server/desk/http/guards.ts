import type { Context, MiddlewareHandler } from 'hono'
import { findSession, sameSecret } from '../sign-in/session-store.ts'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from './desk-env.ts'
import { renderErrorPage } from './render.ts'

export const isApi = (c: Context) => c.req.path.startsWith(`${deskPaths.home}/api/`)

/** A refusal in the form the caller reads: JSON for the command line, a page for a browser. */
export const refuse = (c: Context, status: 403, code: string, message: string) =>
  isApi(c) ? c.json({ error: code, message }, status) : renderErrorPage(c, status)

/**
 * Browsers say where a request comes from (Sec-Fetch-Site). A change requested by another
 * site, or by a page on another origin, is refused before anything else looks at it; programs
 * that send no such header are judged by their CSRF token alone.
 */
export const sameOriginChanges: MiddlewareHandler = async (c, next) => {
  const site = c.req.header('sec-fetch-site')
  if (
    c.req.method !== 'GET' &&
    c.req.method !== 'HEAD' &&
    site !== undefined &&
    site !== 'same-origin'
  ) {
    return refuse(c, 403, 'cross_site', 'Requests from other sites are refused.')
  }
  await next()
}

/** Without a live session: the sign-in page for a browser, 401 for the command line. */
export const requireSession =
  (deps: DeskDeps): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    const token = deps.cookies.readSession(c)
    const session = await findSession(deps.db, token, deps.password)
    if (!session) {
      if (isApi(c)) return c.json({ error: 'not_signed_in', message: 'Sign in first.' }, 401)
      if (token !== undefined) deps.cookies.clearSession(c)
      return c.redirect(
        token === undefined ? deskPaths.login : `${deskPaths.login}?motivo=sessao`,
        303,
      )
    }
    c.set('session', session)
    await next()
  }

/**
 * Every change carries the session's CSRF token: a form field (_csrf) from the desk's pages,
 * or the X-CSRF-Token header from the command line. Compared in constant time.
 */
export const requireCsrf: MiddlewareHandler<DeskEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const header = c.req.header('x-csrf-token')
    let given = header
    if (given === undefined && !isApi(c)) {
      const field = (await c.req.parseBody())._csrf
      given = typeof field === 'string' ? field : undefined
    }
    if (!sameSecret(given, c.get('session').csrfToken)) {
      return refuse(c, 403, 'csrf', 'The CSRF token is missing or wrong.')
    }
  }
  await next()
}
