/**
 * Shown in place of an island (the contact form) that fails in the browser. The title is the
 * spec's, in English like the 404 page's; what follows it is for the visitor, in Portuguese.
 */
export const errorScreen = {
  /** Screen readers must switch to English for the title on a pt-BR page (WCAG 3.1.2). */
  lang: 'en',
  title: 'Unexpected Application Error!',
  /** Above the visitor's own text, kept in fields they can copy, change and send. */
  kept: 'O que você escreveu não se perdeu: está logo abaixo. Tente de novo, ou envie assim mesmo.',
  /** The same, where the form has no address to send to without the page's code. */
  keptToCopy: 'O que você escreveu não se perdeu: está logo abaixo, para copiar. Tente de novo.',
  retry: 'Tentar novamente',
  send: 'Enviar assim mesmo',
} as const
