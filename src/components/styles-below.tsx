/**
 * Where a long page's first screen ends. The build puts the CSS of what comes before it in the
 * page and links the site's stylesheet here, for the rest (scripts/prerender.ts): the first
 * screen paints without waiting, and what follows waits for its styles, never shown without.
 */
export function StylesBelow() {
  return <div data-styles-below="" hidden />
}
