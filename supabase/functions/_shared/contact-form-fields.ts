/**
 * The names of the contact form's fields: what the page's form sends when the browser posts
 * it itself (no script, or the form's code could not load), and what the Node server's
 * /contato route and the submit-contact-form Edge Function read. Plain data: the page's
 * first script imports it.
 */
export const CONTACT_FORM_FIELDS = {
  name: 'name',
  email: 'email',
  company: 'company',
  message: 'message',
  /** The honeypot: hidden from people, filled by bots that fill every field. */
  trap: 'website',
  /** How long the page had been open, in ms; filled in on submit where script runs. */
  elapsedMs: 'elapsed_ms',
} as const

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
