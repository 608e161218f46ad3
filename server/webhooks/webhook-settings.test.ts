import { describe, expect, it } from 'vitest'
import { readSettings } from '../settings.ts'
import { readWebhookSettings } from './webhook-settings.ts'

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
const SLACK = 'https://hooks.slack.com/services/T0000/B0000/abcdefghijklmnopqrstuvwx'

describe('WEBHOOK_URLS and WEBHOOK_SECRET', () => {
  it('read each address with its format, the signed JSON when none is given', () => {
    const { webhooks, problems } = readWebhookSettings({
      WEBHOOK_URLS: `${SLACK}#slack\n  https://n8n.example.com/webhook/abc https://x.webhook.office.com/w#TEAMS`,
      WEBHOOK_SECRET: SECRET,
    })
    expect(problems).toEqual([])
    expect(webhooks).toEqual({
      receivers: [
        { url: SLACK, format: 'slack' },
        { url: 'https://n8n.example.com/webhook/abc', format: 'standard' },
        { url: 'https://x.webhook.office.com/w', format: 'teams' },
      ],
      secret: SECRET,
    })
  })

  it('list no receiver when unset or empty', () => {
    expect(readWebhookSettings({}).webhooks.receivers).toEqual([])
    expect(readWebhookSettings({ WEBHOOK_URLS: '  ' })).toEqual({
      webhooks: { receivers: [], secret: undefined },
      problems: [],
    })
  })

  it('refuse what would send leads in the clear, or nowhere, naming each address by host only', () => {
    const { problems } = readWebhookSettings({
      WEBHOOK_URLS: [
        'http://crm.example.com/hook/s3cr3t-t0k3n-l0ng-en0ugh',
        'https://user:hunter2@crm.example.com/hook',
        `${SLACK}#slak`,
        `${SLACK}#slack`,
        `${SLACK}#slack`,
        'https://n8n.example.com/webhook/abc',
      ].join(' '),
    })
    expect(problems).toEqual([
      'WEBHOOK_URLS entry 1 (crm.example.com/hook/…0ugh) must be an https:// address (http:// only on this machine: 127.0.0.1, [::1], localhost), without a user name or password.',
      expect.stringMatching(/^WEBHOOK_URLS entry 2 \(crm\.example\.com\/hook\) must be/),
      'WEBHOOK_URLS entry 3 (hooks.slack.com/services/…uvwx) has an unknown format after #: use #slack, #teams or #discord, or nothing for the signed JSON.',
      'WEBHOOK_URLS entry 5 (hooks.slack.com/services/…uvwx) is listed twice.',
      expect.stringMatching(/^WEBHOOK_SECRET is needed to sign the JSON webhooks/),
    ])
    expect(problems.join('\n')).not.toContain('abcdefghijklmnopqrst')
    expect(problems.join('\n')).not.toContain('s3cr3t-t0k3n')
    expect(problems.join('\n')).not.toContain('hunter2')
  })

  it('stop the server’s start with the others, never quoting the secret', () => {
    const result = readSettings({ WEBHOOK_SECRET: 'whsec_dG9vLXNob3J0' })
    expect(result.ok).toBe(false)
    const problems = result.ok ? [] : result.problems
    expect(problems).toEqual([expect.stringMatching(/^WEBHOOK_SECRET must be whsec_ followed by/)])
    expect(problems.join('\n')).not.toContain('dG9vLXNob3J0')
  })
})
