/**
 * How long to wait, after each failed download of an island's code, before the visitor's use
 * may try again; past the last, the page stops trying. Three tries in all over some twelve
 * seconds: a connection that comes back, or a blocker switched off, gets its chance; a page
 * left open across a deploy (its old chunk is gone for good) asks three times, not for ever.
 */
export const RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000]

/**
 * Runs `hydrate` once the visitor starts using `root`: focus inside it (a tap, a click, Tab,
 * a label), typing, or a mouse or pen press. Deliberately not hover or visibility: a visitor
 * who only reads, even to the bottom, never downloads the island's code. A touch is not
 * enough either, since a finger that lands on the form may be starting a scroll; a tap that is
 * not one focuses a field, which counts.
 *
 * If the code cannot be downloaded (offline, a blocker, a chunk a later deploy removed), the
 * next use after a pause tries again, and after the last pause nothing does: the form stays
 * the browser's own and posts itself, as it does without script. What was typed meanwhile
 * stays in the fields. (Trying again at once, with focus still in the form, sent a request
 * per keystroke and hundreds a second offline.)
 */
export function hydrateOnIntent(
  root: HTMLElement,
  hydrate: () => Promise<void>,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): void {
  let failures = 0
  const arm = () => {
    const controller = new AbortController()
    const options = { capture: true, passive: true, signal: controller.signal }
    const start = () => {
      controller.abort()
      hydrate().catch((error: unknown) => {
        console.error('Could not load the code of an island', error)
        const pause = retryDelaysMs[failures]
        failures += 1
        if (pause !== undefined) setTimeout(arm, pause)
      })
    }
    root.addEventListener('focusin', start, options)
    root.addEventListener('input', start, options)
    root.addEventListener(
      'pointerdown',
      (event) => {
        if (event.pointerType !== 'touch') start()
      },
      options,
    )
    // Focus that arrived before this script ran (a tap while the page was loading), or that
    // stayed in the form through the pause, counts too.
    if (root.contains(root.ownerDocument.activeElement)) start()
  }
  arm()
}
