/**
 * What a stylesheet changes for `prefers-color-scheme: dark`: every declaration inside such a
 * media block, as `property: value`. A theme that sets custom properties only changes colours
 * alone, so the browser tests check the dark theme's contrast and nothing else (decision 098).
 */
export const darkThemeDeclarations = (css: string): string[] => {
  const found: string[] = []
  const opening = /@media[^{]*prefers-color-scheme\s*:\s*dark[^{]*\{/g
  for (let match = opening.exec(css); match; match = opening.exec(css)) {
    // The block's end: the brace that closes the one the media query opened.
    let depth = 1
    let at = opening.lastIndex
    for (; at < css.length && depth > 0; at += 1) {
      if (css[at] === '{') depth += 1
      else if (css[at] === '}') depth -= 1
    }
    const block = css.slice(opening.lastIndex, at - 1)
    // Declarations sit between a `{` or `;` and the next `;` or `}`.
    for (const declaration of block.matchAll(/[{;]\s*([^{};]+?)\s*(?=[;}])/g)) {
      const text = declaration[1] ?? ''
      if (text.includes(':')) found.push(text)
    }
  }
  return found
}

/** Declarations of a dark theme that set something other than a custom property. */
export const darkThemeRulesBeyondColours = (css: string): string[] =>
  darkThemeDeclarations(css).filter((declaration) => !declaration.startsWith('--'))
