import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Reference pages served by the same server as the site, so that a benchmark compares the
 * site with the floor of what any page costs on this machine and browser in the same run.
 * They are written into the built dist/ (which the server reads once at start) and removed
 * afterwards.
 */
export const FLOOR_PATHS = {
  /** A bare ~1 KB page: a heading and text, no CSS, no script. */
  page: '/bench-floor',
  /** The same three interactions as the site, on native HTML with the least script possible. */
  interactions: '/bench-floor-interactions',
  /** The site's own index.html without its page script: what that one script costs. */
  siteWithoutScript: '/bench-site-without-script',
  /** The site with its favicon inlined as a data: URL: what the favicon's request costs. */
  siteWithInlineIcon: '/bench-site-inline-icon',
  /** The site with the favicon inlined and no CSS at all: what the markup alone costs. */
  siteWithoutCss: '/bench-site-without-css',
  /** The 404 page answered with 200: Lighthouse measures no page that answers 404. */
  notFound: '/bench-not-found',
} as const

const text =
  'Desenvolvemos software sob medida que impulsiona o crescimento do seu negócio, da primeira ideia ao produto no ar. '

const barePage = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><link rel="icon" href="data:,"></head>
<body><h1>Transformamos ideias em código</h1><p>${text.repeat(7)}</p></body>
</html>
`

// A popover menu (no script, like the site's), a plain field, and a form whose submit swaps
// the button's text, as the site's does, from an external script. Its own policy, as the site's
// pages carry one: the server gives an HTML file without one `default-src 'none'`.
const interactionsPage = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><link rel="icon" href="data:,">
<script type="module" src="/bench-floor-interactions.js"></script></head>
<body>
<button popovertarget="menu" aria-label="Menu" style="width:44px;height:44px">=</button>
<div id="menu" popover><a href="#f">Início</a> <a href="#f">Serviços</a> <a href="#f">Sobre</a> <a href="#f">Contato</a></div>
<p>${text}</p>
<form id="f"><label>Nome <input name="name" required></label><button type="submit">Enviar Mensagem</button></form>
</body>
</html>
`

const interactionsScript = `document.getElementById('f').addEventListener('submit', (event) => {
  event.preventDefault()
  event.target.querySelector('button').textContent = 'Enviando...'
})
`

export async function writeFloorPages(distDir: string): Promise<() => Promise<void>> {
  const site = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const icon = await readFile(path.join(distDir, 'favicon.svg'), 'utf8')
  const siteWithInlineIcon = site.replace(
    /href="\/favicon\.svg"/,
    `href="data:image/svg+xml,${encodeURIComponent(icon)}"`,
  )
  const files = {
    [`${FLOOR_PATHS.siteWithoutScript}.html`]: site.replace(
      /<script type="module"[^>]*>[\s\S]*?<\/script>/g,
      '',
    ),
    [`${FLOOR_PATHS.siteWithInlineIcon}.html`]: siteWithInlineIcon,
    [`${FLOOR_PATHS.siteWithoutCss}.html`]: siteWithInlineIcon.replace(
      /<style[^>]*>[\s\S]*?<\/style>/g,
      '',
    ),
    [`${FLOOR_PATHS.notFound}.html`]: await readFile(path.join(distDir, '404.html'), 'utf8'),
    [`${FLOOR_PATHS.page}.html`]: barePage,
    [`${FLOOR_PATHS.interactions}.html`]: interactionsPage,
    [`${FLOOR_PATHS.interactions}.js`]: interactionsScript,
  }
  for (const [file, body] of Object.entries(files)) await writeFile(path.join(distDir, file), body)
  return async () => {
    for (const file of Object.keys(files)) await rm(path.join(distDir, file), { force: true })
  }
}
