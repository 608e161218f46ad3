import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { DESK_PATH } from '../desk-paths.ts'
import { KNOWN_DEVICE_DAYS } from '../sign-in/known-devices.ts'

/**
 * Over HTTPS the cookies carry the __Host- prefix: the browser then accepts them only with
 * Secure, Path=/ and no Domain, so no other host or plain-HTTP page can plant or overwrite
 * one. Over plain HTTP (a laptop, tests) the prefix is impossible, and the path is /painel.
 * Each name is accepted only on its own scheme: a cookie set over HTTP never opens an HTTPS
 * session.
 */
const cookieName = (base: string, https: boolean) => (https ? `__Host-${base}` : base)

const attributes = (https: boolean) =>
  ({
    httpOnly: true,
    sameSite: 'Strict',
    secure: https,
    path: https ? '/' : DESK_PATH,
  }) as const

export interface DeskCookies {
  readSession(c: Context): string | undefined
  /** No Max-Age: the browser forgets it on close, and the server ends it sooner anyway. */
  writeSession(c: Context, token: string): void
  clearSession(c: Context): void
  /** The sign-in form's double-submit token, before any session exists. */
  readLoginNonce(c: Context): string | undefined
  writeLoginNonce(c: Context, nonce: string): void
  /** A browser that signed in before (known-devices.ts); kept for KNOWN_DEVICE_DAYS. */
  readDevice(c: Context): string | undefined
  writeDevice(c: Context, token: string): void
}

export const SESSION_COOKIE = 'painel_sessao'
export const LOGIN_COOKIE = 'painel_entrada'
export const DEVICE_COOKIE = 'painel_aparelho'

export const deskCookies = (isHttps: (c: Context) => boolean): DeskCookies => {
  const https = isHttps
  return {
    readSession: (c) => getCookie(c, cookieName(SESSION_COOKIE, https(c))),
    writeSession: (c, token) =>
      setCookie(c, cookieName(SESSION_COOKIE, https(c)), token, attributes(https(c))),
    clearSession: (c) =>
      deleteCookie(c, cookieName(SESSION_COOKIE, https(c)), attributes(https(c))),
    readLoginNonce: (c) => getCookie(c, cookieName(LOGIN_COOKIE, https(c))),
    writeLoginNonce: (c, nonce) =>
      setCookie(c, cookieName(LOGIN_COOKIE, https(c)), nonce, {
        ...attributes(https(c)),
        maxAge: 60 * 60,
      }),
    readDevice: (c) => getCookie(c, cookieName(DEVICE_COOKIE, https(c))),
    writeDevice: (c, token) =>
      setCookie(c, cookieName(DEVICE_COOKIE, https(c)), token, {
        ...attributes(https(c)),
        maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
      }),
  }
}
