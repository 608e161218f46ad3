import { brand } from './site.ts'

/** The spec gives these screens their texts in English; they are kept verbatim. */
export const notFoundPage = {
  /** Screen readers must switch to English for these texts on a pt-BR page (WCAG 3.1.2). */
  lang: 'en',
  code: '404',
  title: 'Oops! Page not found',
  homeLink: 'Return to Home',
  documentTitle: `404 | ${brand.name}`,
  /** Prefix of the console entry that records which missing path was visited. */
  logMessage: '404 Error: User attempted to access non-existent route:',
} as const
