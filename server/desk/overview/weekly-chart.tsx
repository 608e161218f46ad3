/** @jsxImportSource hono/jsx */
import type { WeekFigures } from './overview-queries.ts'

type Series = 'views' | 'leads' | 'meetings'

const WIDTH = 360
const HEIGHT = 96
const GAP = 4

/**
 * One series as bars, drawn on the server: no script, nothing to load. Each series has its own
 * scale (visits outnumber meetings a hundredfold), so the three are drawn apart. The drawing is
 * hidden from screen readers: the table beside it holds the same figures (overview-page.tsx).
 */
export const WeeklyBars = ({
  weeks,
  series,
  label,
}: {
  weeks: WeekFigures[]
  series: Series
  label: string
}) => {
  const values = weeks.map((week) => week[series])
  const max = Math.max(1, ...values)
  const barWidth = (WIDTH - GAP * (weeks.length - 1)) / Math.max(1, weeks.length)
  return (
    <figure class="chart" aria-hidden="true">
      <figcaption>
        {label} <span class="chart-max">(máx. {max.toLocaleString('pt-BR')})</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        focusable="false"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} class={`axis`} />
        {values.map((value, index) => {
          const height = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 4))
          return (
            <rect
              class={`bar bar-${series}`}
              x={(index * (barWidth + GAP)).toFixed(1)}
              y={(HEIGHT - height).toFixed(1)}
              width={barWidth.toFixed(1)}
              height={height.toFixed(1)}
            />
          )
        })}
      </svg>
    </figure>
  )
}
