import type { ErrorHandler } from 'hono'
import { isConnectionFailure } from '../../db/database.ts'
import { messageOf } from '../../log.ts'
import type { DeskDeps } from './desk-env.ts'
import { isApi } from './guards.ts'
import { renderErrorPage } from './render.ts'

/** How soon a browser or script may ask again: the database is usually back within seconds. */
const RETRY_AFTER_SECONDS = '5'

/**
 * The desk while the database is away (decision 057): every page but the sign-in form needs
 * it, so each answers 503 with a page that says so, in the desk's words, rather than a bare
 * 500; the command line gets JSON. Anything else is passed on to the app's handler.
 */
export const answerDatabaseDown =
  (deps: Pick<DeskDeps, 'log'>): ErrorHandler =>
  (error, c) => {
    if (!isConnectionFailure(error)) throw error
    deps.log.error('database_unavailable', { path: c.req.path, message: messageOf(error) })
    c.header('Retry-After', RETRY_AFTER_SECONDS)
    if (isApi(c)) {
      return c.json(
        { error: 'database_unavailable', message: 'The database is not answering; try again.' },
        503,
      )
    }
    return renderErrorPage(c, 503)
  }
