import type { MiddlewareHandler } from 'hono'

/**
 * The desk sends no script at all, so its policy can forbid everything but its own
 * stylesheet and images and forms posting back to it; nothing may frame it.
 */
export const DESK_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/**
 * Headers for every response under /painel, set after the handler, so they are the ones that
 * count: the site-wide headers around them only fill in what is left unset (HSTS,
 * Permissions-Policy). Pages hold leads' personal data: no cache may keep them, no referrer
 * may leak their addresses.
 */
export const deskHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  const headers = c.res.headers
  headers.set('Content-Security-Policy', DESK_CSP)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'no-referrer')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  headers.set('Cross-Origin-Resource-Policy', 'same-origin')
  headers.set('X-Robots-Tag', 'noindex, nofollow')
  // Only the versioned stylesheet may be kept; nothing else the desk sends (the calendar feed
  // says `private, no-store` itself).
  const cacheControl = headers.get('Cache-Control') ?? ''
  if (!cacheControl.includes('immutable') && !cacheControl.includes('no-store')) {
    headers.set('Cache-Control', 'no-store')
  }
}
