import type { Context, MiddlewareHandler } from 'hono'

/** A year, subdomains included: what the site has always pinned. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/**
 * HSTS on every response to a visitor who came over HTTPS, whichever part of the server
 * answered (the site, the API, the lead desk, an error), so it is registered first in
 * server/app.ts and set last. Never over plain HTTP: a development server must not pin a
 * browser to HTTPS.
 */
export const strictTransportSecurity =
  (isHttps: (c: Context) => boolean): MiddlewareHandler =>
  async (c, next) => {
    await next()
    if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  }
