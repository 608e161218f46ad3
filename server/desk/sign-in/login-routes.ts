import { Hono, type Context } from 'hono'
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { clearLoginFailures, reserveLoginAttempt } from './login-throttle.ts'
import {
  SESSION_IDLE_MINUTES,
  createSession,
  findSession,
  newLoginNonce,
  sameSecret,
} from './session-store.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { renderPage } from '../http/render.ts'
import { LoginPage, type LoginPageProps } from './login-page.tsx'

/** Longer input is no password of ours, and would only make scrypt work harder. */
const MAX_PASSWORD_LENGTH = 1024

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sign-in: GET shows the form, POST checks the password; nothing here needs a session. */
export const createLoginRoutes = (deps: DeskDeps) => {
  const showForm = (
    c: Context,
    message: LoginPageProps['message'],
    status: 200 | 401 | 403 | 429 = 200,
  ) => {
    // A new double-submit token each time the form is drawn.
    const nonce = newLoginNonce()
    deps.cookies.writeLoginNonce(c, nonce)
    return renderPage(c, LoginPage({ nonce, message }), status)
  }

  const app = new Hono<DeskEnv>()
  app.get('/entrar', async (c) => {
    if (await findSession(deps.db, deps.cookies.readSession(c))) {
      return c.redirect(deskPaths.home, 303)
    }
    const reason = c.req.query('motivo') === 'sessao' ? deskCopy.login.sessionEnded : undefined
    const signedOut = c.req.query('saiu') === '1' ? deskCopy.login.signedOut : undefined
    const text = reason ?? signedOut
    return showForm(c, text ? { tone: reason ? 'error' : 'ok', text } : undefined)
  })

  app.post('/entrar', async (c) => {
    const body = await c.req.parseBody()
    // The form's token must match its cookie: another site cannot read either to forge both.
    const nonce = typeof body._csrf === 'string' ? body._csrf : undefined
    const cookieNonce = deps.cookies.readLoginNonce(c)
    if (cookieNonce === undefined || !sameSecret(nonce, cookieNonce)) {
      return showForm(c, { tone: 'error', text: deskCopy.login.staleForm }, 403)
    }
    const attempt = await reserveLoginAttempt(deps.db, deps.clientAddress(c))
    if (!attempt.allowed) {
      deps.log.info('desk_sign_in_throttled')
      c.header('Retry-After', String(attempt.retryAfterSeconds))
      return showForm(
        c,
        { tone: 'error', text: deskCopy.login.throttled(attempt.retryAfterSeconds) },
        429,
      )
    }
    const password = typeof body.senha === 'string' ? body.senha : ''
    const right =
      password.length <= MAX_PASSWORD_LENGTH &&
      password !== '' &&
      (await deps.checkPassword(password))
    if (!right) {
      deps.log.info('desk_sign_in_refused')
      await pause(deps.loginFailureDelayMs)
      return showForm(c, { tone: 'error', text: deskCopy.login.wrongPassword }, 401)
    }
    await clearLoginFailures(deps.db, attempt.clientKey)
    await deps.db.query('select private.desk_housekeeping($1)', [SESSION_IDLE_MINUTES])
    const { token } = await createSession(deps.db)
    deps.cookies.writeSession(c, token)
    deps.log.info('desk_signed_in')
    return c.redirect(deskPaths.home, 303)
  })
  return app
}
