/** @jsxImportSource hono/jsx */
import { describeDuration, describeHours } from '../../../supabase/functions/_shared/durations.ts'
import { overviewCopy } from './overview-copy.ts'
import type { Overview } from './overview-queries.ts'

const copy = overviewCopy

const dayMonth = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`

const percent = (part: number, whole: number) =>
  (part / whole).toLocaleString('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })

/**
 * Whether the page's promise is kept, week by week (decision 051): the median time to the first
 * answer, the share answered within the promise, and the leads past it with no answer at all.
 * A table, as the desk shows its figures to everyone, a screen reader too.
 */
export const AnswerTimes = ({ overview }: { overview: Overview }) => {
  const current = overview.answers.at(-1)?.week
  return (
    <section class="panel" aria-labelledby="tempo-de-resposta">
      <h2 id="tempo-de-resposta">{copy.answersHeading}</h2>
      <p class="hint">{copy.answersIntro(describeHours(overview.promiseHours))}</p>
      <div class="table-wrap" tabindex={0} role="region" aria-label={copy.answersCaption}>
        <table id="respostas">
          <caption>{copy.answersCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.week}</th>
              <th scope="col">{copy.answerColumns.median}</th>
              <th scope="col">{copy.answerColumns.inTime}</th>
              <th scope="col">{copy.answerColumns.unanswered}</th>
            </tr>
          </thead>
          <tbody>
            {overview.answers.map((week) => {
              const due = week.answered + week.unanswered
              return (
                <tr>
                  <th scope="row">
                    {week.week === current
                      ? copy.currentWeek(dayMonth(week.week))
                      : dayMonth(week.week)}
                  </th>
                  <td>
                    {week.medianSeconds === null
                      ? copy.noAnswers
                      : describeDuration(week.medianSeconds * 1000)}
                  </td>
                  <td>
                    {copy.inTime(
                      week.answeredInTime,
                      due,
                      due === 0 ? '' : percent(week.answeredInTime, due),
                    )}
                  </td>
                  <td>{week.unanswered.toLocaleString('pt-BR')}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
