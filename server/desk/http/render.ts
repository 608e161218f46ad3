import type { Context } from 'hono'
import type { Child } from 'hono/jsx'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { withDeskNav } from '../layout/desk-nav.tsx'
import { ErrorPage, type MissingThing } from '../layout/error-page.tsx'

/**
 * A whole desk page, with the navigation's counts the request gathered (deskNav) and its path,
 * which the navigation marks; components render synchronously, so this is one string.
 */
export const renderPage = (c: Context, page: Child, status: ContentfulStatusCode = 200) =>
  c.html(`<!doctype html>${String(withDeskNav(c.get('deskNav'), page, c.req.path))}`, status)

export const renderErrorPage = (
  c: Context,
  status: 403 | 404 | 503,
  csrfToken?: string,
  missing?: MissingThing,
) => renderPage(c, ErrorPage({ status, csrfToken, missing }), status)
