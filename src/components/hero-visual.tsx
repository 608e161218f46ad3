import { nameMotif } from '#shared/company/brand-motif.ts'
import { brand } from '../content/site.ts'
import { cn } from '../lib/cn.ts'

/*
 * Drawn on a grid of one unit a row and a dot's pitch, so that every dot sits on whole numbers
 * and the page carries short paths: a tape's letter at 0.5, its five bits at 2 to 6, the next
 * tape 8 units on.
 */
const TAPE_PITCH = 8
/** Around a tape's letters and dots, to the edge of its card. */
const MARGIN = 0.9

const motif = nameMotif(brand.name)
/** Lengths in the drawing, to two decimals (0.1 + 0.2 written as 0.3). */
const round = (value: number) => Math.round(value * 100) / 100
/** A tape's card, from its letter's left to its last dot's right, each MARGIN out. */
const cardLeft = 0.5 - MARGIN
const cardWidth = 6 + MARGIN - cardLeft
const width = (motif.tapes.length - 1) * TAPE_PITCH + cardWidth

/** The set bits of the words that `picks` picks, as one path of zero-length lines. */
function setBits(picks: (word: number) => boolean): string {
  return motif.tapes
    .flatMap((tape, t) =>
      tape.flatMap(({ bits, word }, row) =>
        bits.flatMap((bit, b) =>
          bit && picks(word) ? [`M${t * TAPE_PITCH + 2 + b} ${row}h0`] : [],
        ),
      ),
    )
    .join('')
}

/** Every hole of the tapes, set or not: one line a row, dashed to a dot a unit (a little past the last, or its dot would fall on
 * the end of the line and go undrawn). */
const holes = motif.tapes
  .flatMap((tape, t) => tape.map((_, row) => `M${t * TAPE_PITCH + 2} ${row}h4.1`))
  .join('')

/** The first word and every other one in the accent, the others in the second colour. */
const layers = [
  { d: setBits((word) => word % 2 === 0), className: 'stroke-accent' },
  { d: setBits((word) => word % 2 === 1), className: 'stroke-second' },
]

/**
 * The hero's picture: the company's name written in code, the motif drawn from the name
 * (brand-motif.ts), one tape a word and one row a letter with its five bits, the set ones in
 * the accent and, for the second word, the second colour. A page that says "ideias em código"
 * shows its own name as code; a fork's name draws its own. No motion, no script.
 */
export function HeroVisual({ className }: { className?: string }) {
  return (
    <svg
      viewBox={`${round(cardLeft)} ${-MARGIN} ${round(width)} ${round(motif.rows - 1 + 2 * MARGIN)}`}
      aria-hidden="true"
      className={cn('h-auto', className)}
    >
      {motif.tapes.map((tape, t) => (
        <rect
          key={t}
          x={round(t * TAPE_PITCH + cardLeft)}
          y={-MARGIN}
          width={round(cardWidth)}
          height={round(tape.length - 1 + 2 * MARGIN)}
          rx=".5"
          strokeWidth=".03"
          className="fill-surface stroke-line"
        />
      ))}
      <g fill="none" strokeWidth=".56" strokeLinecap="round">
        <path d={holes} strokeDasharray="0 1" className="stroke-line" />
        {layers.map(({ d, className: tone }) => d && <path key={tone} d={d} className={tone} />)}
      </g>
      <g fontSize=".47" textAnchor="middle" dominantBaseline="central" className="fill-ink-muted">
        {motif.tapes.map((tape, t) => (
          <text
            key={t}
            x={tape.map(() => t * TAPE_PITCH + 0.5).join(' ')}
            y={tape.map((_, row) => row).join(' ')}
          >
            {tape.map(({ letter }) => letter).join('')}
          </text>
        ))}
      </g>
    </svg>
  )
}
