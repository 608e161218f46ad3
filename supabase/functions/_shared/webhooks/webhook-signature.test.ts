import { randomBytes } from 'node:crypto'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { readWebhookSecrets, signWebhook, webhookSecretProblem } from './webhook-signature.ts'

// The verifier is the Standard Webhooks project's own TypeScript library: an implementation
// of the scheme that is not ours.
const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`

const headersFor = async (id: string, body: string, secrets: string[]) => {
  const timestamp = Math.floor(Date.now() / 1000)
  const keys = secrets.flatMap((secret) => readWebhookSecrets(secret))
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await signWebhook(id, timestamp, body, keys),
  }
}

describe('webhook signatures', () => {
  it('are accepted by the Standard Webhooks reference verifier, for the exact body sent', async () => {
    const secret = secretOf(32)
    const body = JSON.stringify({ type: 'lead.created', data: { name: 'Ana Souza 👩🏽‍💻 "São"' } })
    const headers = await headersFor('msg_0123456789abcdef0123456789abcdef', body, [secret])
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  it('are refused by that verifier for another body, another id or another secret', async () => {
    const secret = secretOf(32)
    const body = '{"type":"lead.created"}'
    const headers = await headersFor('msg_0123456789abcdef0123456789abcdef', body, [secret])
    const verifier = new Webhook(secret)
    expect(() => verifier.verify('{"type":"lead.created" }', headers)).toThrow(
      WebhookVerificationError,
    )
    expect(() =>
      verifier.verify(body, { ...headers, 'webhook-id': 'msg_ffffffffffffffffffffffffffffffff' }),
    ).toThrow(WebhookVerificationError)
    expect(() => new Webhook(secretOf(32)).verify(body, headers)).toThrow(WebhookVerificationError)
  })

  it('carry one signature per secret while a secret is replaced, each verifying alone', async () => {
    const [old, next] = [secretOf(24), secretOf(64)]
    const body = '{"type":"booking.created"}'
    const both = `${old} ${next}`
    expect(readWebhookSecrets(both)).toHaveLength(2)
    const headers = await headersFor('msg_00000000000000000000000000000001', body, [both])
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
    for (const secret of [old, next]) expect(new Webhook(secret).verify(body, headers)).toBeTruthy()
  })

  it.each([
    ['no prefix', randomBytes(32).toString('base64')],
    ['too short (16 bytes)', secretOf(16)],
    ['too long (65 bytes)', secretOf(65)],
    ['not base64', 'whsec_not*base64*at*all*not*base64*at*all'],
    ['a second part that is not a secret', `${secretOf(32)} hunter2`],
  ])('refuse a secret with %s, and never repeat it in the problem', (_, secret) => {
    const problem = webhookSecretProblem('WEBHOOK_SECRET', secret)
    expect(problem).toMatch(/^WEBHOOK_SECRET must be whsec_/)
    expect(problem).not.toContain(secret.slice(6, 20))
    expect(readWebhookSecrets(secret)).toEqual([])
  })
})
