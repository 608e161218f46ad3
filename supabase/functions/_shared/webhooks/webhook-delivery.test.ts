import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/support/webhook-receiver.ts'
import {
  attemptDelivery,
  WEBHOOK_LEASE_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  webhookLeaseSeconds,
  type WebhookDeliveryDeps,
} from './webhook-delivery.ts'

// One attempt against a real HTTP server on loopback, without a database: what the sender
// reads from an answer, and what it refuses to send.
const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`
const deps: WebhookDeliveryDeps = {
  query: async () => ({ rows: [] }),
  defaultSecret: SECRET,
  timeoutMs: 2_000,
}
const payload = { type: 'lead.created', timestamp: '2026-11-26T17:30:00.000Z', data: { lead: {} } }

let receiver: WebhookReceiver
let elsewhere: WebhookReceiver
beforeAll(async () => {
  ;[receiver, elsewhere] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()])
})
afterAll(() => Promise.all([receiver.stop(), elsewhere.stop()]))

const claim = (
  url: string,
  format: 'standard' | 'slack' = 'standard',
  secret: string | null = null,
) => ({
  deliveryId: '1',
  eventId: 'msg_0123456789abcdef0123456789abcdef',
  payload,
  url,
  format,
  secret,
})

describe('one webhook attempt', () => {
  it('does not follow a redirect, which would take the body to another address', async () => {
    receiver.behave({ kind: 'answer', status: 301 })
    const result = await attemptDelivery(deps, claim(`${receiver.url}/hook`))
    expect(result).toEqual({
      outcome: 'failed',
      status: 301,
      error: 'HTTP 301: redirect not followed',
    })
    expect(elsewhere.received).toHaveLength(0)
  })

  it('keeps the start of an error page, without the address’s secret path even when the page repeats it', async () => {
    const path = '/services/T0000/B0000/s3cretTokenAbcdefghijkl'
    receiver.behave({ kind: 'answer', status: 404, body: `No such hook: ${receiver.url}${path}\n` })
    const result = await attemptDelivery(deps, claim(`${receiver.url}${path}`, 'slack'))
    expect(result).toEqual({
      outcome: 'failed',
      status: 404,
      error: `HTTP 404: No such hook: ${receiver.url}/…`,
      retryAfterSeconds: undefined,
    })
  })

  it('reads Retry-After in seconds or as a date', async () => {
    receiver.behave(
      { kind: 'answer', status: 429, retryAfter: '120' },
      { kind: 'answer', status: 503, retryAfter: new Date(Date.now() + 600_000).toUTCString() },
    )
    const first = await attemptDelivery(deps, claim(`${receiver.url}/hook`))
    const second = await attemptDelivery(deps, claim(`${receiver.url}/hook`))
    expect(first).toMatchObject({ outcome: 'failed', status: 429, retryAfterSeconds: 120 })
    expect(second).toMatchObject({ outcome: 'failed', status: 503 })
    expect((second as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(590)
  })

  it('sends nothing unsigned to a JSON receiver, nor anything to an address that is not https', async () => {
    receiver.received.length = 0
    const unsigned = await attemptDelivery(
      { ...deps, defaultSecret: undefined },
      claim(`${receiver.url}/hook`),
    )
    expect(unsigned).toMatchObject({ outcome: 'failed', status: null })
    expect((unsigned as { error: string }).error).toMatch(/^no signing secret/)
    const plain = await attemptDelivery(deps, claim('http://example.com/hook'))
    expect(plain).toEqual({
      outcome: 'failed',
      status: null,
      error: 'address not allowed (https only)',
    })
    expect(receiver.received).toHaveLength(0)
  })
})

describe('the claim on a delivery', () => {
  it('outlives the slowest attempt, however long WEBHOOK_TIMEOUT_MS is set, so two senders never send it at once', () => {
    expect(webhookLeaseSeconds(WEBHOOK_TIMEOUT_MS)).toBe(WEBHOOK_LEASE_SECONDS)
    for (const timeoutMs of [1, 15_000, 59_999, 120_000, 600_000, 3_600_000]) {
      // The attempt, and the write of its outcome after it, end well inside the lease.
      expect(webhookLeaseSeconds(timeoutMs)).toBeGreaterThanOrEqual(timeoutMs / 1000 + 30)
    }
  })
})
