/**
 * The desk's pages and the bookings feed (supabase/functions/_shared/booking/bookings-feed.ts) show
 * visitor text by the same rules; the rules live beside the feed, where an Edge Function can
 * import them.
 */
export * from '#shared/contact/visitor-text-parts.ts'
