/** @jsxImportSource hono/jsx */
import { overviewCopy } from './overview-copy.ts'
import type { WeekFigures } from './overview-figures.ts'

type Series = 'views' | 'leads' | 'meetings'

const WIDTH = 360
const HEIGHT = 96
/** The share of a week's slot its bar fills; the rest is the gap between bars. */
const BAR = 0.7

/** '07/09': a week by its Monday's day and month, as the table names it too. */
export const weekLabel = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`

/**
 * One series as bars, drawn on the server: no script, nothing to load. Each series has its own
 * scale (visits outnumber meetings a hundredfold), so the three are drawn apart. Each week has
 * a slot of equal width, its bar centred in it, and under the bars a row of as many equal
 * columns names each slot's week: the two line up at any width without a style attribute,
 * which the desk's policy forbids. The drawing is hidden from screen readers: the table beside
 * it holds the same figures (overview-page.tsx).
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
  const slot = WIDTH / Math.max(1, weeks.length)
  const barWidth = slot * BAR
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
        {weeks.map((week, index) => {
          const value = week[series]
          const height = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 4))
          return (
            <rect
              class={`bar bar-${series}`}
              x={(index * slot + (slot - barWidth) / 2).toFixed(1)}
              y={(HEIGHT - height).toFixed(1)}
              width={barWidth.toFixed(1)}
              height={height.toFixed(1)}
            >
              <title>{overviewCopy.barTitle(weekLabel(week.week), value)}</title>
            </rect>
          )
        })}
      </svg>
      <div class="chart-weeks">
        {weeks.map((week) => (
          <span>{weekLabel(week.week)}</span>
        ))}
      </div>
    </figure>
  )
}
