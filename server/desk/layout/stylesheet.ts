import { createHash } from 'node:crypto'
import { brand } from '#shared/company/brand.ts'
import { paletteProperties } from '#shared/company/brand-css.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { deskPaths } from '../desk-paths.ts'

const palettes = brandPalettes(brand)

/**
 * The brand's palette (supabase/functions/_shared/company/brand.ts) as custom properties, light and,
 * under prefers-color-scheme: dark, dark: the rules below name colours only through them.
 */
const THEME_CSS = `:root {
${paletteProperties(palettes.light, '')}
}
@media (prefers-color-scheme: dark) {
  :root {
${paletteProperties(palettes.dark, '', '    ')}
  }
}`

/**
 * The lead desk's whole stylesheet: served as a file of its own (the policy allows no inline
 * style), separate from the site's Tailwind CSS, which it must not grow. It lives in a module
 * so the server bundle carries it and no file needs to be found at run time. Its colours are
 * the brand's (THEME_CSS), which meet WCAG AA contrast in both themes; focus is always visible.
 */
export const DESK_CSS = `
${THEME_CSS}
*, *::before, *::after { box-sizing: border-box; }
html { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; color: var(--ink); background: var(--subtle); }
body { margin: 0; }
a { color: var(--accent-ink); }
a:hover { color: var(--ink); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip-link { position: absolute; left: 1rem; top: -4rem; padding: 0.5rem 1rem; background: var(--surface); z-index: 10; }
.skip-link:focus { top: 1rem; }
.topbar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.75rem 1.5rem; background: var(--night); color: var(--on-night); }
.topbar a { color: var(--on-night); }
.topbar :focus-visible { outline-color: var(--night-accent); }
.topbar .brand { margin: 0; font-weight: 700; }
.topbar nav { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; }
.topbar form { margin: 0; }
main { max-width: 90rem; margin: 0 auto; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.75rem; }
.panel { background: var(--surface); border: 1px solid var(--line); border-radius: 0.5rem; padding: 1rem 1.25rem; margin-bottom: 1.25rem; }
.login { max-width: 26rem; margin: 3rem auto; }
.stack { display: grid; gap: 0.5rem; }
.filters { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); align-items: end; border: 0; padding: 0; margin: 0; }
.filters legend { font-weight: 700; margin-bottom: 0.5rem; padding: 0; }
.field { display: grid; gap: 0.25rem; }
.hint { color: var(--ink-muted); font-size: 0.9rem; margin: 0; }
label { font-weight: 600; }
input, select, textarea, button { font: inherit; }
input[type='search'], input[type='password'], input[type='text'], input[type='date'], input[type='datetime-local'], select, textarea { width: 100%; padding: 0.5rem 0.6rem; border: 1px solid var(--line-strong); border-radius: 0.375rem; background: var(--surface); color: var(--ink); }
textarea { min-height: 8rem; resize: vertical; }
button, .button { display: inline-block; padding: 0.5rem 1rem; border: 1px solid var(--accent); border-radius: 0.375rem; background: var(--accent); color: var(--on-accent); font-weight: 600; text-decoration: none; cursor: pointer; }
button:hover, .button:hover { background: var(--accent-hover); color: var(--on-accent); }
button.secondary, .button.secondary { background: var(--surface); border-color: var(--accent-ink); color: var(--accent-ink); }
button.secondary:hover, .button.secondary:hover { background: var(--accent-soft); color: var(--accent-ink); }
button.danger { background: var(--danger-ink); border-color: var(--danger-ink); color: var(--canvas); }
button.danger:hover { background: var(--danger-ink); color: var(--canvas); text-decoration: underline; }
.topbar button { background: transparent; border-color: var(--on-night); color: var(--on-night); }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.notice { padding: 0.75rem 1rem; border-radius: 0.375rem; border: 1px solid; margin: 0 0 1rem; }
.notice-ok { background: var(--success-soft); border-color: var(--success-ink); color: var(--success-ink); }
.notice-error { background: var(--danger-soft); border-color: var(--danger-ink); color: var(--danger-ink); }
.summary { display: flex; flex-wrap: wrap; gap: 1rem; justify-content: space-between; align-items: center; margin-bottom: 0.75rem; }
.summary p { margin: 0; font-weight: 600; }
.table-wrap { overflow-x: auto; background: var(--surface); border: 1px solid var(--line); border-radius: 0.5rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
caption { text-align: left; padding: 0.75rem 1rem; font-weight: 700; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.75rem; border-top: 1px solid var(--line); }
th { background: var(--subtle); white-space: nowrap; }
td.date { white-space: nowrap; }
td.excerpt { color: var(--ink-muted); min-width: 14rem; max-width: 24rem; }
td.email { overflow-wrap: anywhere; min-width: 10rem; }
.badge { display: inline-block; padding: 0.1rem 0.5rem; border-radius: 999px; font-size: 0.85rem; font-weight: 600; white-space: nowrap; border: 1px solid; }
.badge-novo { background: var(--accent-soft); color: var(--accent-ink); border-color: var(--accent-line); }
.badge-em_contato { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); }
.badge-fechado { background: var(--success-soft); color: var(--success-ink); border-color: var(--success-line); }
.badge-spam { background: var(--subtle); color: var(--ink-muted); border-color: var(--line-strong); }
.badge-enviado { background: var(--success-soft); color: var(--success-ink); border-color: var(--success-line); }
.badge-pendente { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); }
.badge-falhou { background: var(--danger-soft); color: var(--danger-ink); border-color: var(--danger-line); }
.badge-recusado { background: var(--danger-ink); color: var(--canvas); border-color: var(--danger-ink); }
.timeline { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.4rem; }
.timeline details { margin-top: 0.25rem; }
.panel.waiting { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
.panel.waiting p { margin: 0; }
.panel.waiting.late { border-color: var(--danger-line); background: var(--danger-soft); }
[aria-current="true"] { font-weight: 700; }
.incident-banner { background: var(--danger-soft); border-bottom: 2px solid var(--danger-ink); color: var(--danger-ink); padding: 0.75rem 1.25rem; }
.incident-banner h2 { font-size: 1rem; margin: 0 0 0.35rem; }
.incident-banner ul { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.35rem; }
.incident-banner a { color: var(--danger-ink); font-weight: 600; }
.incident-banner .incident-dismiss, .incident-list .incident-dismiss { display: inline; }
.incident-banner .incident-dismiss button { padding: 0.1rem 0.6rem; font-size: 0.875rem; }
.incident-banner .incident-history { margin: 0.35rem 0 0; }
.incident-list { list-style: none; padding: 0; }
.incident-list p { margin: 0; }
.badge-respondido { background: var(--success-soft); color: var(--success-ink); border-color: var(--success-line); }
.badge-esperando { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); }
.badge-atrasado { background: var(--danger-soft); color: var(--danger-ink); border-color: var(--danger-line); }
.badge-warning { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); margin-left: 0.35rem; }
.hidden-char { display: inline-block; padding: 0 0.2rem; margin: 0 0.1rem; border: 1px dashed var(--warning-ink); border-radius: 0.25rem; background: var(--warning-soft); color: var(--warning-ink); font-family: ui-monospace, monospace; font-size: 0.8em; white-space: nowrap; }
mark.mixed-script { background: var(--warning-soft); color: var(--warning-ink); text-decoration: underline wavy var(--warning); }
.error-detail { display: block; color: var(--danger-ink); font-size: 0.8rem; max-width: 12rem; overflow-wrap: anywhere; }
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
.tabs a { padding: 0.35rem 0.75rem; border: 1px solid var(--accent-ink); border-radius: 999px; text-decoration: none; font-weight: 600; }
.tabs a[aria-current='page'] { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
.tools { font-size: 0.95rem; }
.day { margin-bottom: 1.5rem; }
.day h2 { margin-bottom: 0.5rem; }
.day-count { font-weight: 400; color: var(--ink-muted); font-size: 1rem; }
fieldset.choices { border: 0; padding: 0; margin: 0; display: grid; gap: 0.35rem; }
fieldset.choices legend { font-weight: 600; margin-bottom: 0.35rem; padding: 0; }
ul.rows { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
ul.rows li { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; border-top: 1px solid var(--line); padding-top: 0.5rem; }
.badge-booking-pending { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); border-style: dashed; }
.badge-booking-expired { background: var(--subtle); color: var(--ink-muted); border-color: var(--line-strong); border-style: dashed; }
.badge-booking-confirmed { background: var(--accent-soft); color: var(--accent-ink); border-color: var(--accent-line); }
.badge-booking-held { background: var(--success-soft); color: var(--success-ink); border-color: var(--success-line); }
.badge-booking-no_show { background: var(--warning-soft); color: var(--warning-ink); border-color: var(--warning-line); }
.badge-booking-cancelled { background: var(--subtle); color: var(--ink-muted); border-color: var(--line-strong); }
.charts { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); margin-bottom: 1rem; }
.chart { margin: 0; }
.chart figcaption { font-weight: 600; margin-bottom: 0.25rem; }
.chart-max { font-weight: 400; color: var(--ink-muted); }
.chart svg { display: block; }
.chart .axis { stroke: var(--line-strong); stroke-width: 1; }
.bar-views { fill: var(--ink-muted); }
.bar-leads { fill: var(--accent-ink); }
.bar-meetings { fill: var(--success-ink); }
@media (max-width: 40rem) { main { padding: 1rem; } dl.facts { grid-template-columns: 1fr; } }
/* Where the navigation is, the overview's weeks, the filters in line, focus on the dark bar and
   in a date field (whose calendar button takes focus inside it, where :focus-visible does not
   reach). */
.topbar nav a { padding: 0.2rem 0.6rem; border-radius: 999px; }
.topbar nav a[aria-current] { background: var(--on-night); color: var(--night); text-decoration: none; font-weight: 700; }
input[type='date']:focus-within, input[type='datetime-local']:focus-within { outline: 3px solid var(--focus); outline-offset: 2px; }
.chart { container-type: inline-size; }
.chart-weeks { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); white-space: nowrap; margin-top: 0.25rem; font-size: 0.7rem; line-height: 1.2; color: var(--ink-muted); text-align: center; font-variant-numeric: tabular-nums; }
.chart-weeks span:last-child { font-weight: 700; color: var(--ink); }
@container (max-width: 26rem) { .chart-weeks span:nth-last-child(even) { visibility: hidden; } }
.weeks-empty { margin-top: 0.75rem; }
.filters { align-items: start; }
.filters > .actions { grid-column: 1 / -1; }
.filters input, .filters select { min-height: 2.625rem; }
`.trim()

/** Changes with the stylesheet, so browsers may keep each version for good. */
export const DESK_CSS_VERSION = createHash('sha256').update(DESK_CSS).digest('hex').slice(0, 12)

export const STYLESHEET_HREF = deskPaths.stylesheet(DESK_CSS_VERSION)
