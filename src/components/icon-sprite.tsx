import type { LucideIcon } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { contactInfoCards } from '../content/contact-info.ts'
import { differentiators } from '../content/differentiators.ts'
import { services } from '../content/services.ts'

/**
 * The icons of the lists below the landing page's first screen (the services, the reasons, the
 * contact cards): one set of SVG symbols, which each icon draws with `<use>`, instead of a
 * whole SVG written out in the page for each (eighteen of those took 1.6 KB gzip). The build
 * writes the symbols once into each page that draws them while the page stays in its 14 KB
 * round trip, and points the icons there; a page over it keeps them in a file under /assets/,
 * named by its content (scripts/prerender.ts, decision 100). The icons' boxes are sized by
 * their classes, so nothing moves either way. The content still names lucide's icons, so a
 * company changes an icon where it changes the text.
 */
const spriteIcons: readonly LucideIcon[] = [
  ...new Set([...services, ...differentiators, ...contactInfoCards].map(({ icon }) => icon)),
]

/** 'CodeXml' → 'code-xml'. */
const iconId = (icon: LucideIcon): string => {
  const name = icon.displayName
  if (!name) throw new Error('A sprite icon needs its displayName (lucide-react sets it)')
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
}

/** An icon's drawing, without its <svg>: the paths lucide renders. */
const drawing = (icon: LucideIcon) =>
  renderToStaticMarkup(createElement(icon)).replace(/^<svg[^>]*>|<\/svg>$/g, '')

/**
 * The symbols, each named `icon-…` so that, written into a page (scripts/prerender.ts), none
 * takes an id the page already uses (a form's `phone`, say).
 */
export const iconSymbols = spriteIcons
  .map(
    (icon) =>
      `<symbol id="icon-${iconId(icon)}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${drawing(icon)}</symbol>`,
  )
  .join('')

export const iconSpriteSvg = `<svg xmlns="http://www.w3.org/2000/svg">${iconSymbols}</svg>\n`

/** FNV-1a: a short name that changes with the content, without node:crypto in a component. */
const contentHash = (text: string): string => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

export const ICON_SPRITE_URL = `/assets/icons-${contentHash(iconSpriteSvg)}.svg`

/** One of those icons, drawn from the sprite; decorative, like every icon beside a title. */
export function SpriteIcon({ icon, className }: { icon: LucideIcon; className?: string }) {
  if (!spriteIcons.includes(icon)) throw new Error(`${icon.displayName} is not in the icon sprite`)
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`${ICON_SPRITE_URL}#icon-${iconId(icon)}`} />
    </svg>
  )
}
