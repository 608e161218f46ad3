import { Hono, type Context } from 'hono'
import { signInCopy } from './sign-in-copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { findKnownDevice, rememberDevice } from './known-devices.ts'
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

/** Waits until `moment` (performance.now() time); a timer may fire a little early. */
const holdUntil = async (moment: number) => {
  for (let left = moment - performance.now(); left > 0; left = moment - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)))
  }
}

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

  const signIn = async (c: Context) => {
    const body = await c.req.parseBody()
    // The form's token must match its cookie: another site cannot read either to forge both.
    const nonce = typeof body._csrf === 'string' ? body._csrf : undefined
    const cookieNonce = deps.cookies.readLoginNonce(c)
    if (cookieNonce === undefined || !sameSecret(nonce, cookieNonce)) {
      return showForm(c, { tone: 'error', text: signInCopy.staleForm }, 403)
    }
    const device = await findKnownDevice(
      deps.db,
      deps.cookies.readDevice(c),
      deps.password.cookieKey,
    )
    const attempt = await reserveLoginAttempt(deps.db, {
      clientAddress: deps.clientAddress(c),
      device,
    })
    if (!attempt.allowed) {
      deps.log.info('desk_sign_in_throttled', { scope: attempt.scope })
      c.header('Retry-After', String(attempt.retryAfterSeconds))
      return showForm(
        c,
        { tone: 'error', text: signInCopy.throttled[attempt.scope](attempt.retryAfterSeconds) },
        429,
      )
    }
    const password = typeof body.senha === 'string' ? body.senha : ''
    const right =
      password.length <= MAX_PASSWORD_LENGTH &&
      password !== '' &&
      (await deps.password.check(password))
    if (!right) {
      deps.log.info('desk_sign_in_refused', { known_browser: device !== undefined })
      return showForm(c, { tone: 'error', text: signInCopy.wrongPassword }, 401)
    }
    await clearLoginFailures(deps.db, attempt.attemptId, device)
    await deps.db.query('select private.desk_housekeeping($1)', [SESSION_IDLE_MINUTES])
    const { cookie } = await createSession(deps.db, deps.password)
    deps.cookies.writeSession(c, cookie)
    // This browser is known from now on: strangers' failures no longer lock it out.
    deps.cookies.writeDevice(c, await rememberDevice(deps.db, device, deps.password.cookieKey))
    deps.log.info('desk_signed_in', { known_browser: device !== undefined })
    return c.redirect(deskPaths.home, 303)
  }

  const app = new Hono<DeskEnv>()
  app.get('/entrar', async (c) => {
    if (await findSession(deps.db, deps.cookies.readSession(c), deps.password)) {
      return c.redirect(deskPaths.home, 303)
    }
    const reason = c.req.query('motivo') === 'sessao' ? signInCopy.sessionEnded : undefined
    const saiu = c.req.query('saiu')
    const signedOut =
      saiu === '1'
        ? signInCopy.signedOut
        : saiu === 'todos'
          ? signInCopy.signedOutEverywhere
          : undefined
    const text = reason ?? signedOut
    return showForm(c, text ? { tone: reason ? 'error' : 'ok', text } : undefined)
  })

  // Every answer (signed in, wrong password, throttled, stale form) leaves at the same moment
  // after the request came, so a guesser learns nothing by hanging up early.
  app.post('/entrar', async (c) => {
    const answerAt = performance.now() + deps.loginAnswerMs
    const answer = await signIn(c)
    await holdUntil(answerAt)
    return answer
  })
  return app
}
