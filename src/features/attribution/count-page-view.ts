import type { Attribution } from '#shared/contact/attribution.ts'
import { parseSupabaseEnv, resolveSupabaseUrl } from '../../lib/env.ts'

/** The device class counted: from the viewport's width, the one thing the layout itself uses. */
export const deviceClass = (width: number): 'phone' | 'tablet' | 'desktop' =>
  width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop'

/**
 * Counts this page view, once the browser is idle after the page is shown: one beacon to our
 * own backend's public.count_page_view (decision 033) with the page, the device class and the
 * source, and nothing that identifies the visitor. `sendBeacon` cannot set headers, so the key
 * goes in `?apikey=` (the gateway accepts it there) and the body is text/plain, which needs no
 * CORS preflight. Sent at the latest as the page is left. Whatever happens to it is never the visitor's concern: no answer is read
 * and a failure is dropped silently.
 */
export function countPageView(arrival: Attribution, page = window.location.pathname): void {
  let sent = false
  const send = () => {
    if (sent) return
    sent = true
    try {
      const env = parseSupabaseEnv(import.meta.env)
      const base = resolveSupabaseUrl(env.url, window.location.origin)
      const url = `${base}/rest/v1/rpc/count_page_view?apikey=${encodeURIComponent(env.anonKey)}`
      const body = JSON.stringify({
        page,
        device: deviceClass(window.innerWidth),
        utm_source: arrival.utm_source,
        referrer: arrival.referrer_origin,
      })
      if (!navigator.sendBeacon?.(url, body)) {
        void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => {})
      }
    } catch {
      // Counting is best effort; the page never depends on it.
    }
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(send, { timeout: 5000 })
  else setTimeout(send, 1)
  // A visitor who leaves before the browser was idle still counts: a beacon outlives the page.
  addEventListener('pagehide', send, { once: true })
}
