import { brandMark } from '#shared/company/brand-motif.ts'
import { brand, brandLook } from '../content/site.ts'

const mark = brandMark(brandLook, brand.logoWords)

/**
 * The logo's mark without its tile: the logo words' initials in code (brand-motif.ts), a set
 * bit as a dot in the accent, one left off as a quiet square; or the mark brand.ts draws.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox={mark.viewBox} aria-hidden="true" className={className}>
      {mark.strokes.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          strokeWidth={mark.strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-accent"
        />
      ))}
      {mark.fills.map((d) => (
        <path key={d} d={d} className="fill-line-strong" />
      ))}
    </svg>
  )
}

/**
 * The wordmark: the company's name set in the brand's typeface at its display weight, the
 * second word quieter, after the mark drawn from the same name (decision 080).
 */
export function Logo() {
  const [first, second] = brand.logoWords
  return (
    <span className="flex items-center gap-1.5 text-lg font-heading tracking-display text-ink">
      <LogoMark className="-ml-1.5 size-8 shrink-0" />
      <span>
        {first} <span className="text-ink-muted">{second}</span>
      </span>
    </span>
  )
}
