/** @jsxImportSource hono/jsx */
import { frameCopy } from '../../frame/frame-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { formatBrazilDateTime } from '../export/brazil-time.ts'
import type { LeadSummary } from '../lead.ts'
import { VisitorText } from '../../frame/visitor-text.tsx'
import { AnswerBadge, DeliveryBadge, StatusBadge, UnconfirmedEmailBadge } from './badges.tsx'

const columns = leadsCopy.list.columns

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
  <div class="table-wrap" role="region" aria-labelledby="tabela-titulo" tabindex={0}>
    <table>
      <caption id="tabela-titulo">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.date}</th>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.email}</th>
          <th scope="col">{columns.company}</th>
          <th scope="col">{columns.message}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.answer}</th>
          <th scope="col">{columns.delivery}</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr>
            <td class="date">{formatBrazilDateTime(lead.createdAt)}</td>
            <td>
              <a href={deskPaths.lead(lead.id)}>
                <VisitorText text={lead.name} />
              </a>
            </td>
            <td class="email">
              <VisitorText text={lead.email} />
              <UnconfirmedEmailBadge confirmed={lead.emailConfirmed} />
            </td>
            <td>
              {lead.company === null ? frameCopy.noValue : <VisitorText text={lead.company} />}
            </td>
            <td class="excerpt">
              <VisitorText text={lead.excerpt} />
            </td>
            <td>
              <StatusBadge status={lead.status} />
            </td>
            <td>
              <AnswerBadge status={lead.status} answer={lead.answer} now={now} />
            </td>
            <td>
              <DeliveryBadge delivery={lead.delivery} error={lead.deliveryError} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)
