/**
 * Where the booking pages live on the site, for the links the booking e-mails carry: the
 * same paths for the prerendered pages (src/routes.ts), the Node server and the Edge Function.
 */
export const BOOKING_PAGE_PATHS = {
  /** Where a visitor picks a time. */
  book: '/agendar',
  /** Where a visitor sees, moves or cancels a booking, opened with its token as #fragment. */
  manage: '/agendar/gerenciar',
} as const

/**
 * The manage link: the token in the fragment, which browsers never send to a server, so it
 * stays out of every log on the way (decision 026).
 */
export const manageLink = (siteUrl: string, token: string): string =>
  `${siteUrl}${BOOKING_PAGE_PATHS.manage}#${token}`

export const bookAgainLink = (siteUrl: string): string => `${siteUrl}${BOOKING_PAGE_PATHS.book}`
