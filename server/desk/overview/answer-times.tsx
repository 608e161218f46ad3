/** @jsxImportSource hono/jsx */
import { describeDuration, describePromiseHours } from '#shared/support/durations.ts'
import { overviewCopy } from './overview-copy.ts'
import type { DeskColumn } from '../layout/desk-table.tsx'
import type { AnswerFigures, Overview } from './overview-figures.ts'
import { TablePanel } from './table-panel.tsx'

const copy = overviewCopy

const dayMonth = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`

const percent = (part: number, whole: number) =>
  (part / whole).toLocaleString('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })

const answerColumns = (current: string | undefined): DeskColumn<AnswerFigures>[] => [
  {
    heading: copy.week,
    rowHeader: true,
    cell: (week) =>
      week.week === current ? copy.currentWeek(dayMonth(week.week)) : dayMonth(week.week),
  },
  {
    heading: copy.answerColumns.median,
    cell: (week) =>
      week.medianSeconds === null ? copy.noAnswers : describeDuration(week.medianSeconds * 1000),
  },
  {
    heading: copy.answerColumns.inTime,
    cell: (week) => {
      const due = week.answered + week.unanswered
      return copy.inTime(
        week.answeredInTime,
        due,
        due === 0 ? '' : percent(week.answeredInTime, due),
      )
    },
  },
  {
    heading: copy.answerColumns.unanswered,
    cell: (week) => week.unanswered.toLocaleString('pt-BR'),
  },
]

/**
 * Whether the page's promise is kept, week by week (decision 051): the median time to the first
 * answer, the share answered within the promise, and the leads past it with no answer at all.
 * A table, as the desk shows its figures to everyone, a screen reader too.
 */
export const AnswerTimes = ({ overview }: { overview: Overview }) => {
  const current = overview.answers.at(-1)?.week
  return (
    <TablePanel
      id="tempo-de-resposta"
      heading={copy.answersHeading}
      intro={
        <p class="hint">
          {copy.answersIntro(
            describePromiseHours(overview.promiseHours, overview.replyClock),
            overview.replyClock === 'business',
          )}
        </p>
      }
      tableId="respostas"
      caption={copy.answersCaption}
      columns={answerColumns(current)}
      rows={overview.answers}
    />
  )
}
