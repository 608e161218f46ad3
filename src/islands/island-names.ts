/**
 * The parts of a page that React takes over in the browser, each a root of its own. Plain
 * data and DOM lookups, no React: the page scripts import this before any island has loaded.
 */
export type IslandName = 'contact-form'

export function findIsland(doc: Document, name: IslandName): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[data-island="${name}"]`)
}

/** useId prefix of an island, the same at build time and in the browser, unique on the page. */
export function islandIdPrefix(name: string): string {
  return `${name}-`
}

/**
 * The id of what a page says, outside an island, when the island's code could not be
 * downloaded; the page script reveals it. Outside, so hydrating the island later still
 * matches its prerendered markup.
 */
export function islandFallbackId(name: IslandName): string {
  return `${name}-fallback`
}
