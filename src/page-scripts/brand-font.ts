/**
 * The height a region's contents take: what `contain-intrinsic-height` stands for while it sits
 * a layout out, its padding and borders then coming on top as they do now. Its box's whole
 * height there made each skipped section taller by its padding (224 px for one on a desktop).
 */
function contentHeight(region: HTMLElement, box: DOMRect, view: Window | null): number {
  const style = view?.getComputedStyle(region)
  if (!style) return box.height
  const around = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const
  return around.reduce((height, side) => height - (parseFloat(style[side]) || 0), box.height)
}

/**
 * Adds the brand's font to the page without one long task (decision 102). The page's loader
 * offers the face in a `brandfont` event once both it and this script have loaded
 * (scripts/prerender.ts), and adds it itself where nothing takes it.
 *
 * Adding a face makes the browser lay out all the page's text again, whichever family it is
 * set in: on the landing page 580 boxes at once, a task of about 25 ms here and four times
 * that on the phone Lighthouse simulates, which it counts as blocking. So the sections off
 * screen sit that layout out (`content-visibility: auto`, each holding the height it has now,
 * so nothing moves and a link to one still lands on it), and each is then laid out again in a
 * task of its own. Only the height is held: the width is the page's, as before.
 */
function addBrandFont(face: FontFace, doc: Document = document): void {
  const view = doc.defaultView
  const regions = [...doc.querySelectorAll<HTMLElement>('main > section, body > footer')]
  // Every height read before any style is written: one layout, already done, not one each.
  const offScreen = regions
    .map((region) => ({ region, box: region.getBoundingClientRect() }))
    .filter(({ box }) => box.bottom < 0 || box.top > (view?.innerHeight ?? 0))
    .map(({ region, box }) => ({ region, height: contentHeight(region, box, view) }))
  for (const { region, height } of offScreen) {
    region.style.setProperty('contain-intrinsic-height', `auto ${height}px`)
    region.style.setProperty('content-visibility', 'auto')
  }
  doc.fonts.add(face)
  const layOutNext = (index: number) => {
    const next = offScreen[index]
    if (!next) return
    next.region.style.removeProperty('content-visibility')
    next.region.style.removeProperty('contain-intrinsic-height')
    if (!next.region.getAttribute('style')) next.region.removeAttribute('style')
    setTimeout(() => layOutNext(index + 1))
  }
  setTimeout(() => layOutNext(0))
}

/** Takes the brand's font from the page's loader, to add it as above. */
export function takeBrandFont(doc: Document): void {
  doc.defaultView?.addEventListener('brandfont', (event) => {
    if (!(event instanceof CustomEvent) || !(event.detail instanceof FontFace)) return
    event.preventDefault()
    addBrandFont(event.detail, doc)
  })
}
