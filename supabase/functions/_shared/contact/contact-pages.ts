/**
 * Where a contact form the browser sent by itself goes and lands: the same paths for the
 * prerendered pages (src/routes.ts), the Node server's /contato route and the Edge Function.
 */

/** The Edge Function the form posts to on hosted Supabase (functions/v1/<this>). */
export const SUBMIT_CONTACT_FORM_FUNCTION = 'submit-contact-form'

/** Where the pages of a form sent without script live, on the Node server and static hosts. */
export const CONTACT_PAGE_PATHS = {
  /** The contact page; the Node server also takes the form's POST here. */
  form: '/contato',
  /** The thank-you page a stored (or silently dropped) submission is sent to. */
  sent: '/contato/enviada',
  /** The static page a refusal is sent to on hosted Supabase, with the reason as #fragment. */
  refused: '/contato/erro',
} as const

/**
 * The fragment that names a refusal on the static error page: the database's message as a
 * slug ('Informe o seu nome.' → 'informe-o-seu-nome'). The page prerenders one explanation
 * per message the database is known to give, under this id, and a generic one for the rest;
 * the function needs no list of its own, and a message the page does not know shows the
 * generic explanation.
 */
export const refusalId = (message: string): string =>
  message
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
    .replace(/-+$/, '')
