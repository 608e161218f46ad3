/**
 * For a form the browser posts by itself (before its island's code has loaded, or when that
 * code cannot load): no React, only what the server needs and the visitor should know.
 */
import { CONTACT_FORM_FIELDS } from '#shared/contact/contact-form-fields.ts'

/**
 * Writes how long the page has been open into the form's hidden field as it is sent, so the
 * database's minimum fill time (FORM_MIN_FILL_MS) can tell a person from a script posting on
 * load. The island sends its own when it runs; without any script the field stays empty and
 * the time is not judged.
 */
export function stampTimeOnPage(form: HTMLFormElement): void {
  form.addEventListener('submit', () => {
    const field = form.elements.namedItem(CONTACT_FORM_FIELDS.elapsedMs)
    if (field instanceof HTMLInputElement) field.value = String(Math.round(performance.now()))
  })
}

/**
 * Shows (or hides again, once a later try loads it) what the page says when an island's code
 * could not be downloaded: that the form still works, by loading another page.
 */
export function showIslandFallback(doc: Document, id: string, shown: boolean): void {
  doc.getElementById(id)?.toggleAttribute('hidden', !shown)
}

/** Links that go back one page when there is one, so a form's typed text is still there. */
export function goBackFromLinks(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-history-back]')) {
    link.addEventListener('click', (event) => {
      if (history.length < 2) return
      event.preventDefault()
      history.back()
    })
  }
}
