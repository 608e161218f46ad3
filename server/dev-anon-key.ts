/**
 * The publishable key the embedded server accepts when SUPABASE_ANON_KEY is not set. It is
 * public by nature (it ships in the page), so a fixed development value is fine.
 */
export const DEV_ANON_KEY = 'sb_publishable_local-development-key'
