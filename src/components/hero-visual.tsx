import { cn } from '../lib/cn.ts'

/** One line of code as bars: [x, width, tone] for each token, `indent` tokens in. */
type Token = readonly [x: number, width: number, tone: 'ink' | 'muted' | 'accent']
const CODE: readonly (readonly Token[])[] = [
  [
    [0, 54, 'accent'],
    [62, 92, 'ink'],
    [162, 40, 'muted'],
  ],
  [
    [24, 46, 'muted'],
    [78, 118, 'ink'],
  ],
  [
    [48, 70, 'accent'],
    [126, 58, 'ink'],
    [192, 72, 'muted'],
  ],
  [
    [48, 104, 'ink'],
    [160, 38, 'accent'],
  ],
  [
    [24, 78, 'muted'],
    [110, 52, 'ink'],
  ],
  [[0, 30, 'muted']],
]

const tones = {
  ink: 'fill-ink/75',
  muted: 'fill-ink-muted/35',
  accent: 'fill-accent-ink',
} as const

/** The product's chart: five weeks of something growing, the last one in the accent. */
const BARS = [34, 52, 46, 70, 98] as const

/**
 * The hero's picture of the company's work, drawn in the brand's tokens so it follows the
 * theme: an idea (the spark) and its code (the editor) becoming a product (the app), joined
 * by a line that flows from one to the other while the pointer rests on the picture, where
 * motion is welcome. Not on its own: an SVG's strokes animate on the main thread, and a slow
 * phone spent its first seconds drawing frames of it (docs/benchmarks/lighthouse.md).
 */
export function HeroVisual({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 560 440"
      aria-hidden="true"
      className={cn('group h-auto overflow-visible', className)}
    >
      {/* The editor. */}
      <rect x="12" y="36" width="380" height="286" rx="18" className="fill-surface stroke-line" />
      <path d="M12 76h380" className="stroke-line" />
      {[36, 54, 72].map((cx) => (
        <circle key={cx} cx={cx} cy="56" r="5" className="fill-line" />
      ))}
      <rect x="100" y="48" width="92" height="16" rx="8" className="fill-subtle" />
      <g transform="translate(44 102)">
        {CODE.map((line, row) => (
          <g key={row} transform={`translate(0 ${row * 30})`}>
            <rect x="-20" y="2" width="8" height="8" rx="2" className="fill-line" />
            {line.map(([x, width, tone]) => (
              <rect key={x} x={x} width={width} height="12" rx="6" className={tones[tone]} />
            ))}
          </g>
        ))}
        <rect
          x="38"
          y="148"
          width="3"
          height="18"
          rx="1.5"
          className="fill-accent-ink motion-safe:group-hover:animate-blink"
        />
      </g>

      {/* The idea, and the line it travels along to the product. */}
      <circle cx="476" cy="62" r="30" className="fill-accent-soft stroke-accent-line" />
      <path
        d="M476 44c2 11 7 16 18 18-11 2-16 7-18 18-2-11-7-16-18-18 11-2 16-7 18-18Z"
        className="fill-accent-ink"
      />
      <path
        d="M476 96c0 40-8 62-40 84"
        fill="none"
        strokeWidth="2"
        strokeDasharray="4 8"
        strokeLinecap="round"
        className="stroke-accent-ink motion-safe:group-hover:animate-flow"
      />

      {/* The product. */}
      <rect x="318" y="196" width="230" height="232" rx="22" className="fill-ink/5" />
      <rect x="310" y="186" width="230" height="232" rx="22" className="fill-surface stroke-line" />
      <rect x="334" y="212" width="84" height="12" rx="6" className="fill-ink/75" />
      <rect x="334" y="234" width="132" height="9" rx="4.5" className="fill-ink-muted/35" />
      <g transform="translate(334 358)">
        {BARS.map((height, i) => (
          <rect
            key={height}
            x={i * 38}
            y={-height}
            width="26"
            height={height}
            rx="6"
            className={
              i === BARS.length - 1 ? 'fill-accent' : 'fill-accent-soft stroke-accent-line'
            }
          />
        ))}
      </g>
      <rect x="334" y="374" width="110" height="28" rx="14" className="fill-accent" />
      <rect x="352" y="385" width="58" height="6" rx="3" className="fill-on-accent" />
    </svg>
  )
}
