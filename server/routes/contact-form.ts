import { Hono, type Context, type Next } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { CONTACT_PAGE_PATHS } from '#shared/contact/contact-pages.ts'
import { readContactFormPost, type ContactFormPost } from '#shared/contact/contact-form-post.ts'
import type { NotifyDeps } from '#shared/mail/mail-delivery.ts'
import { submitContactForm } from '#shared/contact/submit-contact-form.ts'
import { fillContactPage, type ContactPageTemplate } from '../contact-page.ts'
import type { Database } from '../db/database.ts'
import { describeCallRefusal, type CallGuard } from '../rate-limit/call-guard.ts'
import { refusalScopes, type RefusalGuard } from '../rate-limit/refusal-guard.ts'
import { limitedTransactionsOf, visitorRequest } from './visitor-request.ts'

export interface ContactFormDeps extends NotifyDeps {
  db: Database
  /** The caller's address as the database should see it (the socket's, never a header's). */
  clientAddress: (c: Context) => string | undefined
  /** The contact page for a refused form; without it a refusal is answered in plain text. */
  page: ContactPageTemplate | undefined
  /** The database's flood refusals, answered again without it until their Retry-After. */
  refusals?: RefusalGuard
  /** Every public call counted per caller (decision 040); absent: no limit on calls. */
  calls?: CallGuard
}

const ALLOW = 'GET, HEAD, POST, OPTIONS'

/** The form shown again: what was typed, why it was refused, with the database's status. */
const refusedPage = (
  c: Context,
  deps: ContactFormDeps,
  post: ContactFormPost,
  status: number,
  reason: string | null,
) => {
  c.header('Cache-Control', 'no-store')
  const values = {
    name: post.name ?? '',
    email: post.email ?? '',
    company: post.company ?? '',
    message: post.message ?? '',
  }
  const code = status as ContentfulStatusCode
  if (!deps.page) {
    return c.text(`${reason ?? 'The database could not be reached.'}\n`, code)
  }
  if (deps.page.contentSecurityPolicy) {
    c.header(
      'Content-Security-Policy',
      `${deps.page.contentSecurityPolicy}; frame-ancestors 'none'`,
    )
  }
  return c.html(fillContactPage(deps.page, { values, reason }), code)
}

/**
 * POST /contato: the contact form as the browser sends it by itself (no script, or the
 * form's code could not load). Stored exactly as the site's REST insert (the shared
 * submitContactForm), then mailed as send-contact-email would; the visitor is sent to the
 * thank-you page, or shown the form again with the database's reason. GET and HEAD go on to
 * the static page; other methods get 405.
 */
export const createContactFormRoutes = (deps: ContactFormDeps) => {
  const handle = async (c: Context, next: Next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    c.header('Allow', ALLOW)
    if (c.req.method === 'OPTIONS') return c.body(null, 204)
    if (c.req.method !== 'POST') return c.text('Method Not Allowed\n', 405)

    const read = await readContactFormPost(c.req.raw)
    if (!read.ok) {
      for (const [name, value] of Object.entries(read.headers ?? {})) c.header(name, value)
      return c.text(`${read.problem}\n`, read.status)
    }
    // A caller past its calls sees the form again with what it typed, and why.
    const refusal = await deps.calls?.check(c)
    if (refusal) {
      const { status, message, hint, headers } = describeCallRefusal(refusal, 'contact')
      for (const [name, value] of Object.entries(headers)) c.header(name, value)
      return refusedPage(c, deps, read.post, status, hint ? `${message} ${hint}` : message)
    }
    // Counted with the REST insert: one scope. A remembered refusal is answered after the body
    // is read (the page shows what was typed again) but without asking the database.
    const leave = (await deps.calls?.enter(c)) ?? (() => {})
    const outcome = await submitContactForm(read.post, visitorRequest(c, deps.clientAddress(c)), {
      ...deps,
      inTransaction: limitedTransactionsOf(
        c,
        deps.db,
        deps.refusals,
        refusalScopes.insert('contact_submissions'),
      ),
    }).finally(leave)
    if (outcome.kind === 'accepted') return c.redirect(`${CONTACT_PAGE_PATHS.sent}/`, 303)
    if (outcome.retryAfter) c.header('Retry-After', outcome.retryAfter)
    return refusedPage(c, deps, read.post, outcome.status, outcome.reason)
  }
  return new Hono().all(CONTACT_PAGE_PATHS.form, handle).all(`${CONTACT_PAGE_PATHS.form}/`, handle)
}
