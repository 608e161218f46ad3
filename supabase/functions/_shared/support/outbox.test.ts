import { describe, expect, it } from 'vitest'
import { webhookLeaseSeconds } from '../webhooks/webhook-delivery.ts'
import { RECORD_RETRY_MS, sendDue, sendOne, type Outbox } from './outbox.ts'

interface TestSend {
  id: string
  items: string[]
}

type TestResult = 'ok' | 'later' | 'never' | 'gone'

const OUTCOMES = { ok: 'sent', later: 'failed', never: 'refused', gone: 'skipped' } as const

/** An outbox whose receiving end answers by the items a send carries; it notes every step. */
const testOutbox = (answer: (send: TestSend) => TestResult, due: TestSend[] = []) => {
  const steps: string[] = []
  let parts = 0
  const outbox: Outbox<TestSend, TestResult, string> = {
    claim: () => Promise.resolve(due),
    send: (send) => {
      steps.push(`send ${send.id}`)
      return Promise.resolve(answer(send))
    },
    outcome: (result) => OUTCOMES[result],
    markSent: (send) => {
      steps.push(`sent ${send.id}`)
      return Promise.resolve()
    },
    markFailed: (send, result) => {
      steps.push(`${result} ${send.id}`)
      return Promise.resolve()
    },
    names: { sent: 'x_sent', failed: 'x_failed', refused: 'x_refused' },
    fields: (send) => ({ send: send.id, items: send.items.length }),
    log: {
      info: (event, fields) => steps.push(`log ${event} ${JSON.stringify(fields)}`),
      error: (event, fields) => steps.push(`log ${event} ${JSON.stringify(fields)}`),
    },
    items: (send) => send.items,
    split: {
      name: 'x_refused_split',
      move: (send, part) => {
        parts += 1
        steps.push(`move ${part.join(',')} from ${send.id}`)
        return Promise.resolve([{ id: `${send.id}.${parts}`, items: part }])
      },
    },
  }
  return { outbox, steps }
}

describe('the send loop', () => {
  it('sends, records and logs each claimed send in turn, counting sends and items', async () => {
    const { outbox, steps } = testOutbox(
      (send) => (send.id === 'b' ? 'later' : 'ok'),
      [
        { id: 'a', items: ['1', '2'] },
        { id: 'b', items: ['3'] },
      ],
    )
    const tally = await sendDue(outbox)
    expect(steps).toEqual([
      'send a',
      'sent a',
      'log x_sent {"send":"a","items":2}',
      'send b',
      'later b',
      'log x_failed {"send":"b","items":1}',
    ])
    expect(tally).toEqual({
      sent: 1,
      failed: 1,
      refused: 0,
      skipped: 0,
      sentItems: 2,
      refusedItems: 0,
    })
  })

  it('splits a refused send of several items in halves, down to the one refused alone', async () => {
    const { outbox, steps } = testOutbox((send) => (send.items.includes('spam') ? 'never' : 'ok'))
    const { outcome, tally } = await sendOne(outbox, { id: 'd', items: ['1', '2', 'spam'] })
    expect(outcome).toBe('refused')
    expect(steps).toEqual([
      'send d',
      'log x_refused_split {"send":"d","items":3}',
      'move 1,2 from d',
      'send d.1',
      'sent d.1',
      'log x_sent {"send":"d.1","items":2}',
      'move spam from d',
      'send d.2',
      'never d.2',
      'log x_refused {"send":"d.2","items":1}',
    ])
    expect(tally).toEqual({
      sent: 1,
      failed: 1,
      refused: 1,
      skipped: 0,
      sentItems: 2,
      refusedItems: 1,
    })
  })

  it('records and logs nothing of a skipped send', async () => {
    const { outbox, steps } = testOutbox(() => 'gone')
    const { outcome, tally } = await sendOne(outbox, { id: 'e', items: ['1'] })
    expect(outcome).toBe('skipped')
    expect(steps).toEqual(['send e'])
    expect(tally.skipped).toBe(1)
  })

  it('records a send again while the database refuses the record, and sends it once', async () => {
    const { outbox, steps } = testOutbox(() => 'ok')
    let refusals = 2
    const markSent = outbox.markSent
    outbox.markSent = (send, result) => {
      if (refusals-- > 0) return Promise.reject(new Error('Connection terminated unexpectedly'))
      return markSent(send, result)
    }
    outbox.recordRetryMs = [0, 0, 0]
    const { outcome, tally } = await sendOne(outbox, { id: 'f', items: ['1'] })
    expect(outcome).toBe('sent')
    expect(tally.sent).toBe(1)
    const retried = (tries: number) =>
      `log outbox_record_retried {"send":"f","items":1,"outcome":"sent","tries":${tries},"message":"Connection terminated unexpectedly"}`
    expect(steps).toEqual([
      'send f',
      retried(1),
      retried(2),
      'sent f',
      'log x_sent {"send":"f","items":1}',
    ])
  })

  it('gives up once the waits run out, with the last error, never sending again', async () => {
    const { outbox, steps } = testOutbox(() => 'later')
    let tries = 0
    outbox.markFailed = () => Promise.reject(new Error(`refused ${(tries += 1)}`))
    outbox.recordRetryMs = [0, 0]
    await expect(sendOne(outbox, { id: 'g', items: ['1'] })).rejects.toThrow('refused 3')
    expect(steps.filter((step) => step.startsWith('send '))).toEqual(['send g'])
  })

  it('gives up inside the lease a webhook delivery has left after its slowest attempt', () => {
    const retrying = RECORD_RETRY_MS.reduce((sum, ms) => sum + ms, 0)
    for (const attemptMs of [1_000, 10_000, 60_000, 300_000]) {
      const leftMs = webhookLeaseSeconds(attemptMs) * 1000 - attemptMs
      expect(retrying, `an attempt limit of ${attemptMs} ms`).toBeLessThan(leftMs)
    }
  })
})
