/**
 * A page whose script does its work (the booking pages fetch the free times, the booking)
 * must still end in something useful when scripting is on but the script never runs: a
 * blocker, a connection lost after the HTML, a chunk a later deploy removed. No script can
 * decide that, so CSS does (src/styles/globals.css): until the page's script marks the
 * document, what the script fills in gives way, after a few seconds, to a note saying how
 * else to reach the company (the e-mail and phone links beside it). A script that arrives
 * late takes over as usual. Without scripting at all the pages' `noscript:` parts say it at
 * once, and the note stays hidden.
 */
export const pageScriptStall = {
  /** On what the page's script fills in (the status, the picker, the form). */
  awaitsScript: 'awaits-page-script',
  /** On the note that takes its place when the script never runs. */
  noteIfStalled: 'if-page-script-stalls',
} as const

/** Called by a page script once it has started: keeps its parts, and the note hidden. */
export function markPageScriptRan(doc: Document): void {
  doc.documentElement.setAttribute('data-page-script-ran', '')
}
