import {
  headersForSql,
  insertAsAnon,
  type AnonRequest,
  type InTransaction,
} from '../db/anon-request.ts'
import { ATTRIBUTION_FIELDS } from './attribution.ts'
import { hasVisibleText } from './contact-message.ts'
import { CONTACT_PAGE_PATHS, refusalId } from './contact-pages.ts'
import { readContactFormPost, type ContactFormPost } from './contact-form-post.ts'
import { readDatabaseAnswer } from '../db/database-answer.ts'
import type { CountsCalls } from '../http/function-call-limit.ts'
import { blockedCallWords } from '../http/call-limit-copy.ts'
import { notifyCompany, type NotifyDeps } from '../mail/mail-delivery.ts'

/**
 * A contact form the browser posted by itself, without the site's script: stored as the
 * Supabase client's insert would store it (as anon, the guard's field rules, honeypot, fill
 * time and flood limits), then mailed to the company as send-contact-email would. The Node
 * server's /contato route answers with HTML; the Edge Function, which may not serve HTML,
 * with redirects to static pages (handleSubmitContactForm below).
 */

export interface SubmitContactFormDeps extends NotifyDeps {
  inTransaction: InTransaction
}

export type SubmitOutcome =
  /** Stored, or dropped as a bot's: the visitor is thanked either way, so a bot learns nothing. */
  | { kind: 'accepted' }
  | {
      kind: 'refused'
      status: number
      /** The database's message; null when it could not be reached (an outage). */
      reason: string | null
      /** When the flood limits let this address send again, in seconds. */
      retryAfter: string | undefined
    }

/** The columns the form fills, with the types PostgREST would read them as. */
const SUBMISSION_COLUMNS = [
  ['name', 'text'],
  ['email', 'text'],
  ['company', 'text'],
  ['message', 'text'],
  ['form_trap', 'text'],
  ['form_elapsed_ms', 'integer'],
  ...ATTRIBUTION_FIELDS.map((name) => [name, 'text'] as const),
] as const

export const submitContactForm = async (
  post: ContactFormPost,
  request: AnonRequest,
  deps: SubmitContactFormDeps,
): Promise<SubmitOutcome> => {
  try {
    await insertAsAnon(deps.inTransaction, request, {
      table: 'contact_submissions',
      columns: SUBMISSION_COLUMNS,
      rows: [
        {
          name: post.name,
          email: post.email,
          company: post.company,
          message: post.message,
          form_trap: post.trap,
          form_elapsed_ms: post.elapsedMs,
          ...Object.fromEntries(
            ATTRIBUTION_FIELDS.map((name) => [name, post.attribution[name] ?? null]),
          ),
        },
      ],
      returning: false,
    })
  } catch (error) {
    const answer = readDatabaseAnswer(error)
    if (answer === 'unreachable') {
      deps.log?.error('database_unavailable')
      return { kind: 'refused', status: 503, reason: null, retryAfter: undefined }
    }
    return {
      kind: 'refused',
      status: answer.status,
      reason: answer.message === '' ? null : answer.message,
      retryAfter: answer.headers['Retry-After'],
    }
  }
  // The row holds what was sent, a company with nothing visible in it as null (the guard's
  // rule); the claim finds it by exactly those values. A bot's row was never stored, so
  // nothing is found and nothing is sent.
  const stored = {
    name: post.name ?? '',
    email: post.email ?? '',
    company: post.company !== null && hasVisibleText(post.company) ? post.company : null,
    message: post.message ?? '',
  }
  try {
    const outcome = await notifyCompany(stored, deps)
    if (outcome === 'failed') deps.log?.error('form_mail_failed')
  } catch (error) {
    // The lead is stored; the sweep sends what the request could not.
    deps.log?.error('form_mail_error', { message: error instanceof Error ? error.message : '' })
  }
  return { kind: 'accepted' }
}

/** SITE_URL without a trailing slash; the only place the function ever sends a visitor. */
export interface SubmitContactFormHandlerDeps extends SubmitContactFormDeps, CountsCalls {
  siteUrl: string
}

const plainText = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(`${text}\n`, {
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  })

/**
 * 303 See Other: the browser follows it with a GET, so reloading the page it lands on never
 * posts the form again. Always to the configured site, never to a Referer or a parameter.
 */
const seeOther = (siteUrl: string, path: string, fragment = '') =>
  new Response(null, {
    status: 303,
    headers: { Location: `${siteUrl}${path}/${fragment}`, 'Cache-Control': 'no-store' },
  })

/**
 * The submit-contact-form Edge Function, runtime-neutral. Supabase serves no HTML from a
 * function (a text/html answer is rewritten to text/plain), so every visitor is sent back to
 * the static site: the thank-you page, or the error page with the database's reason as its
 * #fragment. The browser restores what the visitor typed when they go back to the form.
 */
export const handleSubmitContactForm = async (
  req: Request,
  deps: SubmitContactFormHandlerDeps,
): Promise<Response> => {
  if (req.method !== 'POST') return plainText(405, 'Use POST.', { Allow: 'POST' })
  const overLimit = await deps.countCall?.(req)
  if (overLimit) {
    // The function's call is counted without its path: a block is told in the form's words.
    const reason = overLimit.status === 403 ? blockedCallWords.contact.message : overLimit.message
    return seeOther(deps.siteUrl, CONTACT_PAGE_PATHS.refused, `#${refusalId(reason)}`)
  }
  const read = await readContactFormPost(req)
  if (!read.ok) return plainText(read.status, read.problem, read.headers)
  try {
    const outcome = await submitContactForm(
      read.post,
      { method: req.method, path: new URL(req.url).pathname, headers: headersForSql(req.headers) },
      deps,
    )
    if (outcome.kind === 'accepted') return seeOther(deps.siteUrl, CONTACT_PAGE_PATHS.sent)
    const fragment = outcome.reason === null ? '' : `#${refusalId(outcome.reason)}`
    return seeOther(deps.siteUrl, CONTACT_PAGE_PATHS.refused, fragment)
  } catch (error) {
    deps.log?.error('form_submit_error', { message: error instanceof Error ? error.message : '' })
    return seeOther(deps.siteUrl, CONTACT_PAGE_PATHS.refused)
  }
}
