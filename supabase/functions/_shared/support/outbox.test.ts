import { describe, expect, it } from 'vitest'
import { sendDue, sendOne, type Outbox } from './outbox.ts'

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
})
