import { createHash } from 'node:crypto'
import { deskPaths } from '../desk-paths.ts'

/**
 * The lead desk's whole stylesheet: served as a file of its own (the policy allows no inline
 * style), separate from the site's Tailwind CSS, which it must not grow. It lives in a module
 * so the server bundle carries it and no file needs to be found at run time. Colours meet
 * WCAG AA contrast on their backgrounds; focus is always visible.
 */
export const DESK_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; color: #1f2933; background: #f5f7fa; }
body { margin: 0; }
a { color: #1d4ed8; }
a:hover { color: #1e3a8a; }
:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.skip-link { position: absolute; left: 1rem; top: -4rem; padding: 0.5rem 1rem; background: #ffffff; z-index: 10; }
.skip-link:focus { top: 1rem; }
.topbar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.75rem 1.5rem; background: #0f172a; color: #f8fafc; }
.topbar a { color: #f8fafc; }
.topbar .brand { margin: 0; font-weight: 700; }
.topbar nav { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; }
.topbar form { margin: 0; }
main { max-width: 90rem; margin: 0 auto; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.75rem; }
.panel { background: #ffffff; border: 1px solid #d2d9e2; border-radius: 0.5rem; padding: 1rem 1.25rem; margin-bottom: 1.25rem; }
.login { max-width: 26rem; margin: 3rem auto; }
.stack { display: grid; gap: 0.5rem; }
.filters { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); align-items: end; border: 0; padding: 0; margin: 0; }
.filters legend { font-weight: 700; margin-bottom: 0.5rem; padding: 0; }
.field { display: grid; gap: 0.25rem; }
.hint { color: #4b5563; font-size: 0.9rem; margin: 0; }
label { font-weight: 600; }
input, select, textarea, button { font: inherit; }
input[type='search'], input[type='password'], input[type='text'], input[type='date'], input[type='datetime-local'], select, textarea { width: 100%; padding: 0.5rem 0.6rem; border: 1px solid #6b7280; border-radius: 0.375rem; background: #ffffff; color: #1f2933; }
textarea { min-height: 8rem; resize: vertical; }
button, .button { display: inline-block; padding: 0.5rem 1rem; border: 1px solid #1d4ed8; border-radius: 0.375rem; background: #1d4ed8; color: #ffffff; font-weight: 600; text-decoration: none; cursor: pointer; }
button:hover, .button:hover { background: #1e3a8a; color: #ffffff; }
button.secondary, .button.secondary { background: #ffffff; color: #1d4ed8; }
button.secondary:hover, .button.secondary:hover { background: #eff6ff; color: #1e3a8a; }
button.danger { background: #b91c1c; border-color: #b91c1c; }
button.danger:hover { background: #7f1d1d; }
.topbar button { background: transparent; border-color: #f8fafc; color: #f8fafc; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.notice { padding: 0.75rem 1rem; border-radius: 0.375rem; border: 1px solid; margin: 0 0 1rem; }
.notice-ok { background: #f0fdf4; border-color: #15803d; color: #14532d; }
.notice-error { background: #fef2f2; border-color: #b91c1c; color: #7f1d1d; }
.summary { display: flex; flex-wrap: wrap; gap: 1rem; justify-content: space-between; align-items: center; margin-bottom: 0.75rem; }
.summary p { margin: 0; font-weight: 600; }
.table-wrap { overflow-x: auto; background: #ffffff; border: 1px solid #d2d9e2; border-radius: 0.5rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
caption { text-align: left; padding: 0.75rem 1rem; font-weight: 700; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.75rem; border-top: 1px solid #e4e8ee; }
th { background: #f1f5f9; white-space: nowrap; }
td.date { white-space: nowrap; }
td.excerpt { color: #374151; min-width: 14rem; max-width: 24rem; }
td.email { overflow-wrap: anywhere; min-width: 10rem; }
.badge { display: inline-block; padding: 0.1rem 0.5rem; border-radius: 999px; font-size: 0.85rem; font-weight: 600; white-space: nowrap; border: 1px solid; }
.badge-novo { background: #eff6ff; color: #1e3a8a; border-color: #93c5fd; }
.badge-em_contato { background: #fefce8; color: #713f12; border-color: #facc15; }
.badge-fechado { background: #f0fdf4; color: #14532d; border-color: #86efac; }
.badge-spam { background: #f3f4f6; color: #374151; border-color: #9ca3af; }
.badge-enviado { background: #f0fdf4; color: #14532d; border-color: #86efac; }
.badge-pendente { background: #fefce8; color: #713f12; border-color: #facc15; }
.badge-falhou { background: #fef2f2; color: #7f1d1d; border-color: #fca5a5; }
.badge-recusado { background: #7f1d1d; color: #ffffff; border-color: #7f1d1d; }
.timeline { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.4rem; }
.timeline details { margin-top: 0.25rem; }
.panel.waiting { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
.panel.waiting p { margin: 0; }
.panel.waiting.late { border-color: #fca5a5; background: #fef2f2; }
[aria-current="true"] { font-weight: 700; }
.incident-banner { background: #fef2f2; border-bottom: 2px solid #b91c1c; color: #7f1d1d; padding: 0.75rem 1.25rem; }
.incident-banner h2 { font-size: 1rem; margin: 0 0 0.35rem; }
.incident-banner ul { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.35rem; }
.incident-banner a { color: #7f1d1d; font-weight: 600; }
.badge-respondido { background: #f0fdf4; color: #14532d; border-color: #86efac; }
.badge-esperando { background: #fefce8; color: #713f12; border-color: #facc15; }
.badge-atrasado { background: #fef2f2; color: #7f1d1d; border-color: #fca5a5; }
.badge-warning { background: #fff7ed; color: #7c2d12; border-color: #fb923c; margin-left: 0.35rem; }
.hidden-char { display: inline-block; padding: 0 0.2rem; margin: 0 0.1rem; border: 1px dashed #b45309; border-radius: 0.25rem; background: #fffbeb; color: #7c2d12; font-family: ui-monospace, monospace; font-size: 0.8em; white-space: nowrap; }
mark.mixed-script { background: #ffedd5; color: #7c2d12; text-decoration: underline wavy #c2410c; }
.error-detail { display: block; color: #7f1d1d; font-size: 0.8rem; max-width: 12rem; overflow-wrap: anywhere; }
.pager { display: flex; gap: 1rem; align-items: center; justify-content: center; margin-top: 1rem; }
.pager a, .pager span { padding: 0.25rem 0.5rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.25rem; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
dl.facts + h2 { margin-top: 1.25rem; }
.message { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 1rem; }
.check { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
.check input { margin-top: 0.3rem; }
.grid-2 { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.notice p { margin: 0; }
.notice p + p, .notice ul { margin: 0.5rem 0 0; }
.tabs, .tools { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: center; margin: 0.75rem 0 1rem; }
.tabs a { padding: 0.35rem 0.75rem; border: 1px solid #1d4ed8; border-radius: 999px; text-decoration: none; font-weight: 600; }
.tabs a[aria-current='page'] { background: #1d4ed8; color: #ffffff; }
.tools { font-size: 0.95rem; }
.day { margin-bottom: 1.5rem; }
.day h2 { margin-bottom: 0.5rem; }
.day-count { font-weight: 400; color: #4b5563; font-size: 1rem; }
fieldset.choices { border: 0; padding: 0; margin: 0; display: grid; gap: 0.35rem; }
fieldset.choices legend { font-weight: 600; margin-bottom: 0.35rem; padding: 0; }
ul.rows { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
ul.rows li { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; border-top: 1px solid #e4e8ee; padding-top: 0.5rem; }
.badge-booking-confirmed { background: #eff6ff; color: #1e3a8a; border-color: #93c5fd; }
.badge-booking-held { background: #f0fdf4; color: #14532d; border-color: #86efac; }
.badge-booking-no_show { background: #fff7ed; color: #7c2d12; border-color: #fb923c; }
.badge-booking-cancelled { background: #f3f4f6; color: #374151; border-color: #9ca3af; }
.charts { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); margin-bottom: 1rem; }
.chart { margin: 0; }
.chart figcaption { font-weight: 600; margin-bottom: 0.25rem; }
.chart-max { font-weight: 400; color: #4a5565; }
.chart svg { display: block; }
.chart .axis { stroke: #8a96a6; stroke-width: 1; }
.bar-views { fill: #3b6fb6; }
.bar-leads { fill: #1f7a4d; }
.bar-meetings { fill: #8a4fb3; }
@media (max-width: 40rem) { main { padding: 1rem; } dl.facts { grid-template-columns: 1fr; } }
`.trim()

/** Changes with the stylesheet, so browsers may keep each version for good. */
export const DESK_CSS_VERSION = createHash('sha256').update(DESK_CSS).digest('hex').slice(0, 12)

export const STYLESHEET_HREF = deskPaths.stylesheet(DESK_CSS_VERSION)
