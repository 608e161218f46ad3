import { brand } from './site.ts'

/** The spec gives these screens their texts in English; they are kept verbatim. */
export const notFoundPage = {
  code: '404',
  title: 'Oops! Page not found',
  homeLink: 'Return to Home',
  documentTitle: `404 | ${brand.name}`,
  /** Prefix of the console entry that records which missing path was visited. */
  logMessage: '404 Error: User attempted to access non-existent route:',
} as const

export const routeErrorScreen = {
  title: 'Unexpected Application Error!',
} as const
