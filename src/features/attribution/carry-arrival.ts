import {
  ATTRIBUTION_FIELDS,
  carriedParams,
  hasSource,
  readArrival,
  type Attribution,
} from '#shared/contact/attribution.ts'

/** The arrival as this page reads it from its own address and document.referrer. */
export const currentArrival = (): Attribution =>
  readArrival(new URL(window.location.href), document.referrer)

/**
 * Writes the arrival into every link to another page of the site, so the page the visitor
 * writes or books from still knows where they came from without anything stored on their
 * device. Links within this page, and visits with no campaign or referring site, are left as
 * they are.
 */
export function carryArrivalInLinks(doc: Document, arrival: Attribution): void {
  if (!hasSource(arrival)) return
  const here = new URL(doc.location.href)
  const params = carriedParams(arrival)
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const target = new URL(link.href, here)
    if (target.origin !== here.origin || target.pathname === here.pathname) continue
    for (const [name, value] of params) target.searchParams.set(name, value)
    link.href = target.pathname + target.search + target.hash
  }
}

/**
 * Fills the form's hidden attribution fields as the browser posts it by itself (the form's
 * code has not loaded, or cannot): the Node server and the Edge Function store them.
 */
export function carryArrivalInForm(form: HTMLFormElement): void {
  form.addEventListener('submit', () => {
    const arrival = currentArrival()
    for (const name of ATTRIBUTION_FIELDS) {
      const field = form.elements.namedItem(name)
      if (field instanceof HTMLInputElement) field.value = arrival[name] ?? ''
    }
  })
}
