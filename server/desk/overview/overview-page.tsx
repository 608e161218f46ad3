/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { overviewCopy } from './overview-copy.ts'
import { DeskDocument } from '../frame/desk-document.tsx'
import { SourceName } from '../frame/source-name.tsx'
import { VisitorText } from '../frame/visitor-text.tsx'
import type { MailQueue, Overview, WeekFigures } from './overview-queries.ts'
import { weekLabel, WeeklyBars } from './weekly-chart.tsx'
import { AnswerTimes } from './answer-times.tsx'

const copy = overviewCopy

const number = (value: number) => value.toLocaleString('pt-BR')

/** A share as pt-BR percent with one decimal, or a dash when there is nothing to divide by. */
const share = (part: number, whole: number) =>
  whole === 0
    ? copy.conversion.none
    : (part / whole).toLocaleString('pt-BR', {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      })

const hadSomething = (week: WeekFigures) => week.views + week.leads + week.meetings > 0

/** The weeks with nothing at all, as runs of consecutive weeks (first and last labels). */
const emptyRuns = (weeks: WeekFigures[], current: string | undefined) => {
  const runs: { first: string; last: string }[] = []
  let open = false
  for (const week of weeks) {
    if (hadSomething(week) || week.week === current) {
      open = false
      continue
    }
    const last = runs.at(-1)
    if (open && last) last.last = weekLabel(week.week)
    else runs.push({ first: weekLabel(week.week), last: weekLabel(week.week) })
    open = true
  }
  return runs
}

const dateTimeIn = (timeZone: string, value: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(value)

/** A table that may scroll sideways on a narrow screen: reachable and named for the keyboard. */
const ScrollableTable = ({ label, children }: { label: string; children: Child }) => (
  <div class="table-wrap" tabindex={0} role="region" aria-label={label}>
    {children}
  </div>
)

const MailRow = ({
  label,
  queue,
  timeZone,
}: {
  label: string
  queue: MailQueue
  timeZone: string
}) => (
  <tr>
    <th scope="row">{label}</th>
    <td>{number(queue.pending)}</td>
    <td>{number(queue.failed)}</td>
    <td>{number(queue.refused)}</td>
    <td>{queue.oldest ? dateTimeIn(timeZone, queue.oldest) : copy.mailAllSent}</td>
  </tr>
)

/**
 * The desk's first page: how many visit, write and book, week by week, where they come from,
 * whether the e-mails go out, and who comes next. Server-rendered, no script; every chart has
 * its figures in a table, which is what a screen reader reads.
 */
export const OverviewPage = ({
  overview,
  csrfToken,
}: {
  overview: Overview
  csrfToken: string
}) => {
  const { weeks, sources, campaigns, timeZone } = overview
  const total = (series: 'views' | 'leads' | 'meetings') =>
    weeks.reduce((sum, week) => sum + week[series], 0)
  const views = total('views')
  const leads = total('leads')
  const meetings = total('meetings')
  const current = weeks.at(-1)?.week
  // Twelve rows of zeros said nothing: the table lists the weeks that had something, and the
  // current one; a line under it names the others.
  const listedWeeks = weeks.filter((week) => hadSomething(week) || week.week === current)
  const empty = emptyRuns(weeks, current)
  return (
    <DeskDocument title={copy.title} csrfToken={csrfToken}>
      <h1>{copy.title}</h1>
      <p>{copy.intro}</p>

      <section class="panel" aria-labelledby="por-semana">
        <h2 id="por-semana">{copy.weeksHeading}</h2>
        <div class="charts">
          <WeeklyBars weeks={weeks} series="views" label={copy.series.views} />
          <WeeklyBars weeks={weeks} series="leads" label={copy.series.leads} />
          <WeeklyBars weeks={weeks} series="meetings" label={copy.series.meetings} />
        </div>
        <ScrollableTable label={copy.weeksCaption}>
          <table id="semanas">
            <caption>{copy.weeksCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.week}</th>
                <th scope="col">{copy.series.views}</th>
                <th scope="col">{copy.series.leads}</th>
                <th scope="col">{copy.series.meetings}</th>
              </tr>
            </thead>
            <tbody>
              {listedWeeks.map((week) => (
                <tr>
                  <th scope="row">
                    {week.week === current
                      ? copy.currentWeek(weekLabel(week.week))
                      : weekLabel(week.week)}
                  </th>
                  <td>{number(week.views)}</td>
                  <td>{number(week.leads)}</td>
                  <td>{number(week.meetings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
        {empty.length > 0 && (
          <p class="hint weeks-empty">
            {copy.emptyWeeks(empty, weeks.length - listedWeeks.length)}
          </p>
        )}
      </section>

      <AnswerTimes overview={overview} />

      <section class="panel" aria-labelledby="conversao">
        <h2 id="conversao">{copy.conversionHeading}</h2>
        <p>{copy.totals(views, leads, meetings)}</p>
        <dl class="facts" id="conversao-valores">
          <dt>{copy.conversion.visitToLead}</dt>
          <dd>{share(leads, views)}</dd>
          <dt>{copy.conversion.leadToMeeting}</dt>
          <dd>{share(meetings, leads)}</dd>
          <dt>{copy.conversion.visitToMeeting}</dt>
          <dd>{share(meetings, views)}</dd>
        </dl>
      </section>

      <div class="grid-2">
        <section class="panel" aria-labelledby="origens">
          <h2 id="origens">{copy.sourcesHeading}</h2>
          {sources.length === 0 ? (
            <p>{copy.noSources}</p>
          ) : (
            <ScrollableTable label={copy.sourcesCaption}>
              <table id="tabela-origens">
                <caption>{copy.sourcesCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{copy.columns.source}</th>
                    <th scope="col">{copy.columns.views}</th>
                    <th scope="col">{copy.columns.leads}</th>
                    <th scope="col">{copy.columns.meetings}</th>
                  </tr>
                </thead>
                <tbody>
                  {sources.map((row) => (
                    <tr>
                      <th scope="row">
                        <SourceName source={row.source} />
                      </th>
                      <td>{number(row.views)}</td>
                      <td>{number(row.leads)}</td>
                      <td>{number(row.meetings)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
          )}
        </section>

        <section class="panel" aria-labelledby="campanhas">
          <h2 id="campanhas">{copy.campaignsHeading}</h2>
          {campaigns.length === 0 ? (
            <p>{copy.noCampaigns}</p>
          ) : (
            <ScrollableTable label={copy.campaignsCaption}>
              <table id="tabela-campanhas">
                <caption>{copy.campaignsCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{copy.columns.campaign}</th>
                    <th scope="col">{copy.columns.leads}</th>
                    <th scope="col">{copy.columns.meetings}</th>
                  </tr>
                </thead>
                <tbody>
                  {campaigns.map((row) => (
                    <tr>
                      <th scope="row">
                        <VisitorText text={row.campaign} />
                      </th>
                      <td>{number(row.leads)}</td>
                      <td>{number(row.meetings)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
          )}
        </section>
      </div>

      {/* Full width: the mail table's five columns do not fit half a desktop. */}
      <section class="panel" aria-labelledby="envio">
        <h2 id="envio">{copy.mailHeading}</h2>
        <ScrollableTable label={copy.mailCaption}>
          <table id="tabela-envio">
            <caption>{copy.mailCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.mailColumns.kind}</th>
                <th scope="col">{copy.mailColumns.pending}</th>
                <th scope="col">{copy.mailColumns.failed}</th>
                <th scope="col">{copy.mailColumns.refused}</th>
                <th scope="col">{copy.mailColumns.oldest}</th>
              </tr>
            </thead>
            <tbody>
              <MailRow label={copy.mailKinds.leads} queue={overview.leadMail} timeZone={timeZone} />
              <MailRow
                label={copy.mailKinds.bookings}
                queue={overview.bookingMail}
                timeZone={timeZone}
              />
            </tbody>
          </table>
        </ScrollableTable>
      </section>

      <section class="panel" aria-labelledby="proximas">
        <h2 id="proximas">{copy.meetingsHeading}</h2>
        {overview.nextMeetings.length === 0 ? (
          <p>{copy.noMeetings}</p>
        ) : (
          <ScrollableTable label={copy.meetingsCaption}>
            <table id="tabela-reunioes">
              <caption>{copy.meetingsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.meetingColumns.when}</th>
                  <th scope="col">{copy.meetingColumns.who}</th>
                  <th scope="col">{copy.meetingColumns.status}</th>
                </tr>
              </thead>
              <tbody>
                {overview.nextMeetings.map((meeting) => (
                  <tr>
                    <td>{dateTimeIn(timeZone, meeting.startsAt)}</td>
                    <td>
                      <VisitorText text={meeting.name} />
                    </td>
                    <td>{copy.meetingStatuses[meeting.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        )}
      </section>
    </DeskDocument>
  )
}
