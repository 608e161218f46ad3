/** @jsxImportSource hono/jsx */
import { deskCopy } from '../../copy.ts'
import type { Delivery, LeadStatus } from '../lead.ts'

export const StatusBadge = ({ status }: { status: LeadStatus }) => (
  <span class={`badge badge-${status}`}>{deskCopy.statuses[status]}</span>
)

/** The delivery state; a failure shows the mail server's last answer beneath it. */
export const DeliveryBadge = ({
  delivery,
  error,
}: {
  delivery: Delivery
  error: string | null
}) => (
  <>
    <span class={`badge badge-${delivery}`}>{deskCopy.deliveries[delivery]}</span>
    {delivery === 'falhou' && error !== null && (
      <span class="error-detail">{deskCopy.lead.deliveryError(error)}</span>
    )}
  </>
)
