import type { Context, MiddlewareHandler } from 'hono'

/** Features the site never uses, so no script on it (or framed in it) can ask for them. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

/** For everything that is not a page (the API's JSON, assets): nothing may run or frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** HSTS, for responses that reached the visitor over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/**
 * The site-wide headers, on every response but where a route chose stricter ones (the desk).
 * deploy/nginx/static-site.conf, public/_headers and vercel.json send these same values
 * (tests/integration/host-header-files.test.ts holds them to it).
 */
export const SITE_WIDE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
} as const

/** A page's own policy (the build's <meta>) as a header, with what a <meta> cannot carry. */
export const pagePolicyHeader = (metaPolicy: string) => `${metaPolicy}; frame-ancestors 'none'`

/**
 * Headers every response gets: the site's pages and files, the API and the lead desk. It
 * wraps all routes, so it sees each answer last. What a route decided for what it serves
 * (a page's policy, the desk's stricter ones) stays; this only fills in what it left unset,
 * closed by default. HSTS only when the visitor came over HTTPS, so a plain-HTTP development
 * server never pins a browser to HTTPS.
 */
export const createSecurityHeaders =
  (isHttps: (c: Context) => boolean): MiddlewareHandler =>
  async (c, next) => {
    await next()
    const headers = c.res.headers
    const unlessSet = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value)
    }
    headers.set('X-Content-Type-Options', SITE_WIDE_HEADERS['X-Content-Type-Options'])
    headers.set('Permissions-Policy', SITE_WIDE_HEADERS['Permissions-Policy'])
    unlessSet('Referrer-Policy', SITE_WIDE_HEADERS['Referrer-Policy'])
    unlessSet('X-Frame-Options', SITE_WIDE_HEADERS['X-Frame-Options'])
    unlessSet('Content-Security-Policy', NON_PAGE_POLICY)
    if (isHttps(c)) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  }
