import { describe, expect, it } from 'vitest'
import { alertAfterHoursFor, company } from '#shared/company/company.ts'
import { readSettings } from '../settings.ts'
import { readReplySettings } from './reply-settings.ts'

describe('the reply promise’s settings', () => {
  it('default to the company’s facts, with the weekly summary on', () => {
    expect(readReplySettings({})).toEqual({
      reply: {
        promiseHours: company.replyPromiseHours,
        alertAfterHours: company.replyAlertAfterHours,
        clock: 'business',
        weeklySummary: true,
      },
      problems: [],
    })
  })

  it('take hours in fractions, so a trial sees an alert in seconds, and the summary turned off', () => {
    const { reply, problems } = readReplySettings({
      REPLY_PROMISE_HOURS: '0.01',
      REPLY_ALERT_AFTER_HOURS: '0.005',
      WEEKLY_SUMMARY: 'false',
    })
    expect(problems).toEqual([])
    expect(reply).toEqual({
      promiseHours: 0.01,
      alertAfterHours: 0.005,
      clock: 'business',
      weeklySummary: false,
    })
  })

  it('count office hours unless REPLY_CLOCK=clock says every hour (decision 070)', () => {
    expect(readReplySettings({ REPLY_CLOCK: 'clock' })).toMatchObject({
      reply: { clock: 'clock' },
      problems: [],
    })
    expect(readReplySettings({ REPLY_CLOCK: ' Business ' }).reply.clock).toBe('business')
    expect(readReplySettings({ REPLY_CLOCK: '' }).reply.clock).toBe('business')
  })

  it('set the alert at five sixths of a promise given alone, so a company states one number', () => {
    expect(readReplySettings({ REPLY_PROMISE_HOURS: '12' })).toMatchObject({
      reply: { promiseHours: 12, alertAfterHours: 10 },
      problems: [],
    })
    expect(readReplySettings({ REPLY_PROMISE_HOURS: '48' }).reply.alertAfterHours).toBe(40)
    expect(alertAfterHoursFor(24)).toBe(20)
    expect(alertAfterHoursFor(1)).toBe(0.83)
  })

  it('refuse what is no number of hours, an alert after the promise, another clock and a summary neither true nor false, all at once', () => {
    const result = readSettings({
      REPLY_PROMISE_HOURS: '24h',
      REPLY_ALERT_AFTER_HOURS: '0',
      REPLY_CLOCK: 'uteis',
      WEEKLY_SUMMARY: 'sim',
    })
    expect(result.ok).toBe(false)
    const problems = result.ok ? [] : result.problems
    expect(problems.some((p) => p.startsWith('REPLY_PROMISE_HOURS must be'))).toBe(true)
    expect(problems.some((p) => p.startsWith('REPLY_ALERT_AFTER_HOURS must be'))).toBe(true)
    expect(problems.some((p) => p.startsWith('WEEKLY_SUMMARY must be'))).toBe(true)
    expect(problems).toContain('REPLY_CLOCK must be business or clock (got "uteis").')
    for (const [promise, alert] of [
      ['10', '10'],
      ['10', '12'],
      ['169', '20'],
      ['-1', '0.5'],
      ['1e2', '0.5'],
    ]) {
      const { problems: found } = readReplySettings({
        REPLY_PROMISE_HOURS: promise,
        REPLY_ALERT_AFTER_HOURS: alert,
      })
      expect(found.length, `${promise}/${alert}`).toBeGreaterThan(0)
    }
  })
})
