import { CONTACT_PAGE_PATHS, SUBMIT_CONTACT_FORM_FUNCTION } from '#shared/contact/contact-pages.ts'

/**
 * Where the contact form posts when the browser sends it itself (no script, or before or
 * without its code): the Node server's /contato when the site's backend is a path on its own
 * origin (the embedded build's `/`), else the project's submit-contact-form Edge Function.
 * Not in lib/env.ts, which the page's first script imports: this is the form's alone.
 */
export function contactFormAction(url: string | undefined): string {
  const base = (url?.trim() || '/').replace(/\/+$/, '')
  return /^https?:\/\//i.test(base)
    ? `${base}/functions/v1/${SUBMIT_CONTACT_FORM_FUNCTION}`
    : `${base}${CONTACT_PAGE_PATHS.form}`
}
