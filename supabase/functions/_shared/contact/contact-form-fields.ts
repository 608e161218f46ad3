/**
 * The names of the contact form's fields: what the page's form sends when the browser posts
 * it itself (no script, or the form's code could not load), and what the Node server's
 * /contato route and the submit-contact-form Edge Function read. Plain data, and nothing else
 * here: the page's first script imports it.
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
