/**
 * Runs `hydrate` once the visitor starts using `root`: focus inside it (a tap, a click, Tab,
 * a label), typing, or a mouse or pen press. Deliberately not hover or visibility: a visitor
 * who only reads, even to the bottom, never downloads the island's code. A touch is not
 * enough either, since a finger that lands on the form may be starting a scroll; a tap that is
 * not one focuses a field, which counts. If the code cannot be downloaded (the visitor went
 * offline), the next use tries again; what was typed meanwhile stays in the fields.
 */
export function hydrateOnIntent(root: HTMLElement, hydrate: () => Promise<void>): void {
  const controller = new AbortController()
  const options = { capture: true, passive: true, signal: controller.signal }
  const start = () => {
    controller.abort()
    hydrate().catch((error: unknown) => {
      console.error('Could not load the code of an island', error)
      hydrateOnIntent(root, hydrate)
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
  // Focus that arrived before this script ran (a tap while the page was loading) counts too.
  if (root.contains(root.ownerDocument.activeElement)) start()
}
