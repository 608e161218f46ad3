import type { Context, MiddlewareHandler } from 'hono'

/** Features the site never uses, so no script on it (or framed in it) can ask for them. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

/** For everything that is not a page (the API's JSON, assets): nothing may run or frame it. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * Headers every response gets, the site's pages and the API alike. A page keeps the policy
 * its route set (the build's, per page); HSTS only when the visitor came over HTTPS, so a
 * plain-HTTP development server never pins a browser to HTTPS.
 */
export const createSecurityHeaders =
  (isHttps: (c: Context) => boolean): MiddlewareHandler =>
  async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Permissions-Policy', PERMISSIONS_POLICY)
    if (!headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', NON_PAGE_POLICY)
    }
    if (isHttps(c)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
