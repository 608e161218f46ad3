/**
 * A page that draws its icons with `<use>` of the sprite file (src/components/icon-sprite.tsx),
 * with the symbols it draws written into it instead: last in its body, hidden, and each `<use>`
 * pointed at them, so the page asks for no file to draw its icons. Undefined when the page
 * draws none. The prerender keeps this page only while it stays in its 14 KB (decision 100).
 */
export function inlineIconSymbols(
  html: string,
  spriteUrl: string,
  symbols: string,
): string | undefined {
  const reference = `href="${spriteUrl}#`
  const end = html.lastIndexOf('</body>')
  if (!html.includes(reference) || end === -1) return undefined
  const drawn = (symbols.match(/<symbol[^>]*>[\s\S]*?<\/symbol>/g) ?? []).filter((symbol) =>
    html.includes(`${reference}${/id="([^"]+)"/.exec(symbol)?.[1]}"`),
  )
  // `display:none` also keeps the symbols from assistive technology; SVG has no `hidden`.
  const hidden = `<svg style="display:none">${drawn.join('')}</svg>`
  return `${html.slice(0, end)}${hidden}${html.slice(end)}`.replaceAll(reference, 'href="#')
}
