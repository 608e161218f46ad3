/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { formatBrazilDateTime } from '../export/brazil-time.ts'
import type { LeadSummary } from '../lead.ts'
import { DeskTable, type DeskColumn } from '../../layout/desk-table.tsx'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { AnswerBadge, DeliveryBadge, StatusBadge, UnconfirmedEmailBadge } from './badges.tsx'

const columns = leadsCopy.list.columns

const leadColumns = (now: Date): DeskColumn<LeadSummary>[] => [
  { heading: columns.date, class: 'date', cell: (lead) => formatBrazilDateTime(lead.createdAt) },
  {
    heading: columns.name,
    cell: (lead) => (
      <a href={deskPaths.lead(lead.id)}>
        <VisitorText text={lead.name} />
      </a>
    ),
  },
  {
    heading: columns.email,
    class: 'email',
    cell: (lead) => (
      <>
        <VisitorText text={lead.email} />
        <UnconfirmedEmailBadge confirmed={lead.emailConfirmed} />
      </>
    ),
  },
  {
    heading: columns.company,
    cell: (lead) =>
      lead.company === null ? layoutCopy.noValue : <VisitorText text={lead.company} />,
  },
  {
    heading: columns.message,
    class: 'excerpt',
    cell: (lead) => <VisitorText text={lead.excerpt} />,
  },
  { heading: columns.status, cell: (lead) => <StatusBadge status={lead.status} /> },
  {
    heading: columns.answer,
    cell: (lead) => <AnswerBadge status={lead.status} answer={lead.answer} now={now} />,
  },
  {
    heading: columns.delivery,
    cell: (lead) => <DeliveryBadge delivery={lead.delivery} error={lead.deliveryError} />,
  },
]

/** The page's leads; the name opens the lead. Scrolls sideways on its own on a phone. */
export const LeadTable = ({
  leads,
  now,
  caption = leadsCopy.list.caption,
}: {
  leads: LeadSummary[]
  now: Date
  caption?: string
}) => (
  <DeskTable
    name={{ caption, captionId: 'tabela-titulo' }}
    columns={leadColumns(now)}
    rows={leads}
  />
)
