/** @jsxImportSource hono/jsx */
import { webhooksCopy } from '../webhooks-copy.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import type { WebhookReceiverState } from '../webhook-store.ts'
import { WebhookReceiver } from './webhook-receiver.tsx'

const copy = webhooksCopy

export interface WebhooksPageProps {
  receivers: WebhookReceiverState[]
  csrfToken: string
  notice?: NoticeMessage
}

export const WebhooksPage = ({ receivers, csrfToken, notice }: WebhooksPageProps) => (
  <DeskDocument title={copy.title} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <p>{copy.intro}</p>
    <p class="hint">{copy.whereFrom}</p>
    {receivers.length === 0 ? (
      <p class="panel">{copy.none}</p>
    ) : (
      receivers.map((receiver) => <WebhookReceiver receiver={receiver} csrfToken={csrfToken} />)
    )}
  </DeskDocument>
)
