/** @jsxImportSource hono/jsx */
import { deskCopy } from '../../copy.ts'
import type { Delivery, LeadStatus } from '../lead.ts'

export const StatusBadge = ({ status }: { status: LeadStatus }) => (
  <span class={`badge badge-${status}`}>{deskCopy.statuses[status]}</span>
)

/**
 * The delivery state; a failure or a refusal shows the mail server's last answer beneath it,
 * and with `explain` (the lead's page) a refusal says that it will not be retried.
 */
export const DeliveryBadge = ({
  delivery,
  error,
  explain = false,
}: {
  delivery: Delivery
  error: string | null
  explain?: boolean
}) => (
  <>
    <span class={`badge badge-${delivery}`}>{deskCopy.deliveries[delivery]}</span>
    {(delivery === 'falhou' || delivery === 'recusado') && error !== null && (
      <span class="error-detail">{deskCopy.lead.deliveryError(error)}</span>
    )}
    {delivery === 'recusado' && explain && <p class="hint">{deskCopy.lead.deliveryRefusedHint}</p>}
  </>
)
