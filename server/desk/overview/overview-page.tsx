/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { overviewCopy } from './overview-copy.ts'
import { DeskDocument } from '../layout/desk-document.tsx'
import { DeskTable, type DeskColumn } from '../layout/desk-table.tsx'
import { SourceName } from '../layout/source-name.tsx'
import { VisitorText } from '../layout/visitor-text.tsx'
import type {
  CampaignFigures,
  MailQueue,
  NextMeeting,
  Overview,
  SourceFigures,
  WeekFigures,
} from './overview-figures.ts'
import { weekLabel, WeeklyBars } from './weekly-chart.tsx'
import { AnswerTimes } from './answer-times.tsx'
import { TablePanel } from './table-panel.tsx'

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

/** A row's visits: the weeks' and the sources' tables have them, the campaigns' has not. */
const visitsColumn = <Row extends { views: number }>(heading: string): DeskColumn<Row> => ({
  heading,
  cell: (row) => number(row.views),
})

/** The row's name (a week, a source): read before each of its figures. */
const nameColumn = <Row,>(heading: string, cell: (row: Row) => Child): DeskColumn<Row> => ({
  heading,
  rowHeader: true,
  cell,
})

/** A row's leads and meetings, the last two columns of the weeks, sources and campaigns. */
const leadsAndMeetings = <Row extends { leads: number; meetings: number }>(headings: {
  leads: string
  meetings: string
}): DeskColumn<Row>[] => [
  { heading: headings.leads, cell: (row) => number(row.leads) },
  { heading: headings.meetings, cell: (row) => number(row.meetings) },
]

const weekColumns = (current: string | undefined): DeskColumn<WeekFigures>[] => [
  nameColumn(copy.week, (week) =>
    week.week === current ? copy.currentWeek(weekLabel(week.week)) : weekLabel(week.week),
  ),
  visitsColumn(copy.series.views),
  ...leadsAndMeetings<WeekFigures>(copy.series),
]

const sourceColumns: DeskColumn<SourceFigures>[] = [
  nameColumn(copy.columns.source, (row) => <SourceName source={row.source} />),
  visitsColumn(copy.columns.views),
  ...leadsAndMeetings<SourceFigures>(copy.columns),
]

const campaignColumns: DeskColumn<CampaignFigures>[] = [
  nameColumn(copy.columns.campaign, (row) => <VisitorText text={row.campaign} />),
  ...leadsAndMeetings<CampaignFigures>(copy.columns),
]

const mailColumns = (timeZone: string): DeskColumn<{ label: string; queue: MailQueue }>[] => [
  nameColumn(copy.mailColumns.kind, (row) => row.label),
  { heading: copy.mailColumns.pending, cell: (row) => number(row.queue.pending) },
  { heading: copy.mailColumns.failed, cell: (row) => number(row.queue.failed) },
  { heading: copy.mailColumns.refused, cell: (row) => number(row.queue.refused) },
  {
    heading: copy.mailColumns.oldest,
    cell: ({ queue }) => (queue.oldest ? dateTimeIn(timeZone, queue.oldest) : copy.mailAllSent),
  },
]

const meetingColumns = (timeZone: string): DeskColumn<NextMeeting>[] => [
  { heading: copy.meetingColumns.when, cell: (meeting) => dateTimeIn(timeZone, meeting.startsAt) },
  { heading: copy.meetingColumns.who, cell: (meeting) => <VisitorText text={meeting.name} /> },
  { heading: copy.meetingColumns.status, cell: (meeting) => copy.meetingStatuses[meeting.status] },
]

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
        <DeskTable
          id="semanas"
          name={{ caption: copy.weeksCaption }}
          columns={weekColumns(current)}
          rows={listedWeeks}
        />
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
        <TablePanel
          id="origens"
          heading={copy.sourcesHeading}
          tableId="tabela-origens"
          caption={copy.sourcesCaption}
          columns={sourceColumns}
          rows={sources}
          empty={copy.noSources}
        />

        <TablePanel
          id="campanhas"
          heading={copy.campaignsHeading}
          tableId="tabela-campanhas"
          caption={copy.campaignsCaption}
          columns={campaignColumns}
          rows={campaigns}
          empty={copy.noCampaigns}
        />
      </div>

      {/* Full width: the mail table's five columns do not fit half a desktop. */}
      <TablePanel
        id="envio"
        heading={copy.mailHeading}
        tableId="tabela-envio"
        caption={copy.mailCaption}
        columns={mailColumns(timeZone)}
        rows={[
          { label: copy.mailKinds.leads, queue: overview.leadMail },
          { label: copy.mailKinds.bookings, queue: overview.bookingMail },
        ]}
      />

      <TablePanel
        id="proximas"
        heading={copy.meetingsHeading}
        tableId="tabela-reunioes"
        caption={copy.meetingsCaption}
        columns={meetingColumns(timeZone)}
        rows={overview.nextMeetings}
        empty={copy.noMeetings}
      />
    </DeskDocument>
  )
}
