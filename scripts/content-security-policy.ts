import { createHash } from 'node:crypto'

/**
 * The Content-Security-Policy each page carries in a <meta> element: it holds on any static
 * host, and the Node server sends the same policy as a header (adding frame-ancestors, which
 * a <meta> cannot set). Scripts run only from the site's own files and the inline scripts the
 * page itself carries, each allowed by its hash; the form talks, and posts, to the site itself
 * or to the Supabase project it was built for, and to nothing else.
 */
export function pagePolicy(html: string, backendUrl: string): string {
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes ?? ''))
    .map(
      ([, , code]) =>
        `'sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}'`,
    )
  const backend = new URL(backendUrl, 'http://same.origin')
  // The form talks to the backend, and without script posts to it (submit-contact-form).
  const backendSources =
    backend.origin === 'http://same.origin' ? "'self'" : `'self' ${backend.origin}`
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')}`.trim(),
    // The toasts and React's style attributes set styles inline; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${backendSources}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${backendSources}`,
  ].join('; ')
}

/** The page with its policy right after its charset, before anything it governs. */
export function withPolicy(html: string, backendUrl: string): string {
  const policy = pagePolicy(html, backendUrl)
  return html.replace(
    /<meta charset="[^"]*"\s*\/?>/,
    (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${policy}">`,
  )
}
