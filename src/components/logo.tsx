import { brand, brandLook } from '../content/site.ts'

const { logo } = brandLook
const [, , tileWidth, tileHeight] = logo.viewBox.split(' ')

/** The logo's mark (brand.ts): the accent's tile and the glyph in the colour that reads on it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox={logo.viewBox} aria-hidden="true" className={className}>
      <rect width={tileWidth} height={tileHeight} rx={logo.tileRadius} className="fill-accent" />
      {logo.strokes.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          strokeWidth={logo.strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-on-accent"
        />
      ))}
      {logo.fills.map((d) => (
        <path key={d} d={d} className="fill-on-accent" />
      ))}
    </svg>
  )
}

/** The brand as its mark and a two-word name, the second word lighter. */
export function Logo() {
  const [first, second] = brand.logoWords
  return (
    <span className="flex items-center gap-2.5 text-lg tracking-tight text-ink">
      <LogoMark className="size-7 shrink-0" />
      <span>
        <span className="font-heading">{first}</span>{' '}
        <span className="text-ink-muted">{second}</span>
      </span>
    </span>
  )
}
