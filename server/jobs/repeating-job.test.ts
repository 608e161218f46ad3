import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LogFields, Logger } from '../log.ts'
import { startRepeatingJob, type RepeatingJob } from './repeating-job.ts'

interface Line {
  level: 'info' | 'error'
  event: string
  fields?: LogFields
}

const recordingLogger = () => {
  const lines: Line[] = []
  const log: Logger = {
    info: (event, fields) => void lines.push({ level: 'info', event, fields }),
    error: (event, fields) => void lines.push({ level: 'error', event, fields }),
  }
  return { log, lines }
}

/** A promise the test settles by hand: a run that lasts as long as the test wants. */
const deferred = () => {
  let release = () => {}
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

// Node reports an unhandled rejection once the microtasks have run: a real turn of the loop
// (taken before the fake timers replace setImmediate) lets it arrive.
const realSetImmediate = setImmediate
const nextTurn = () => new Promise((resolve) => realSetImmediate(resolve))

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
const jobs: RepeatingJob[] = []
const started = (job: RepeatingJob) => {
  jobs.push(job)
  return job
}

beforeEach(() => {
  vi.useFakeTimers()
  unhandled.length = 0
  process.on('unhandledRejection', onUnhandled)
})
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()))
  vi.useRealTimers()
  process.off('unhandledRejection', onUnhandled)
})

/** Lets every timer due within `ms` fire, and the promises they start settle. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms)

describe('a failed run', () => {
  it.each([
    [
      'throws',
      () => {
        throw new Error('no route to host')
      },
    ],
    ['rejects', () => Promise.reject(new Error('no route to host'))],
    [
      'rejects later, from deep inside',
      async () => {
        await Promise.resolve()
        const rows = undefined as unknown as { found: unknown }[]
        return rows[0]?.found
      },
    ],
  ])(
    'is logged with the job and its message when the job %s, and the next run goes ahead',
    async (_how, job) => {
      const { log, lines } = recordingLogger()
      let runs = 0
      started(
        startRepeatingJob({
          name: 'pipeline_watch',
          everyMs: 100,
          log,
          run: () => {
            runs += 1
            return job()
          },
        }),
      )
      await pass(350)
      expect(runs).toBe(3)
      const failures = lines.filter((line) => line.event === 'pipeline_watch_failed')
      expect(failures).toHaveLength(3)
      expect(failures[0]?.level).toBe('error')
      expect(failures[0]?.fields?.job).toBe('pipeline_watch')
      expect(String(failures[0]?.fields?.message)).toMatch(/no route to host|reading '0'/)
      await nextTurn()
      expect(unhandled).toEqual([])
    },
  )

  it('keeps the job going when its error reporting throws too, and says so on stderr', async () => {
    const throwingLog: Logger = {
      info: () => {},
      error: () => {
        throw new Error('EPIPE: the log collector went away')
      },
    }
    const written: string[] = []
    const write = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0)
    try {
      let runs = 0
      started(
        startRepeatingJob({
          name: 'mail_sweep',
          everyMs: 50,
          log: throwingLog,
          // What a job's own handler does: report the failure, here through the broken log.
          run: async () => {
            runs += 1
            await Promise.reject(new Error('SMTP down')).catch((error: Error) =>
              throwingLog.error('mail_sweep_failed', { message: error.message }),
            )
          },
        }),
      )
      await pass(160)
      expect(runs).toBe(3)
      expect(written.join('')).toContain('mail_sweep_failed: EPIPE: the log collector went away')
      expect(written.join('')).toContain('the log failed too')
      await nextTurn()
      expect(unhandled).toEqual([])
    } finally {
      write.mockRestore()
    }
  })

  it('can log under the event its job had before (a renamed event would break alerts on it)', async () => {
    const { log, lines } = recordingLogger()
    started(
      startRepeatingJob({
        name: 'leads_purge',
        failedEvent: 'leads_purge_failed',
        fields: { table: 'contact_submissions' },
        everyMs: 10,
        log,
        run: () => Promise.reject(new Error('disk full')),
      }),
    )
    await pass(10)
    expect(lines).toEqual([
      {
        level: 'error',
        event: 'leads_purge_failed',
        fields: { job: 'leads_purge', table: 'contact_submissions', message: 'disk full' },
      },
    ])
  })
})

describe('runs', () => {
  it('never overlap: a start that finds the last run going is skipped', async () => {
    const { log } = recordingLogger()
    let running = 0
    let most = 0
    let runs = 0
    const slow = deferred()
    started(
      startRepeatingJob({
        name: 'webhook_sweep',
        everyMs: 10,
        log,
        run: async () => {
          runs += 1
          running += 1
          most = Math.max(most, running)
          if (runs === 1) await slow.promise
          running -= 1
        },
      }),
    )
    await pass(100)
    expect([runs, running]).toEqual([1, 1])
    slow.release()
    await pass(30)
    expect(runs).toBe(4)
    expect(most).toBe(1)
  })

  it('start at once, after a first delay, or every interval from the start', async () => {
    const { log } = recordingLogger()
    const at: Record<string, number[]> = { now: [], delayed: [], every: [] }
    const t0 = Date.now()
    const job = (name: keyof typeof at, options: { everyMs?: number; firstAfterMs?: number }) =>
      started(
        startRepeatingJob({
          name,
          log,
          ...options,
          run: () => void at[name]?.push(Date.now() - t0),
        }),
      )
    job('now', { everyMs: 1_000, firstAfterMs: 0 })
    job('delayed', { everyMs: 1_000, firstAfterMs: 300 })
    job('every', { everyMs: 1_000 })
    await pass(2_500)
    expect(at).toEqual({
      now: [0, 1_000, 2_000],
      delayed: [300, 1_000, 2_000],
      every: [1_000, 2_000],
    })
  })

  it("from the last run's end: evenly spaced however long each run takes", async () => {
    const { log } = recordingLogger()
    const starts: number[] = []
    const t0 = Date.now()
    started(
      startRepeatingJob({
        name: 'busy_calendar_refresh',
        everyMs: 1_000,
        firstAfterMs: 0,
        from: 'end',
        log,
        run: async () => {
          starts.push(Date.now() - t0)
          // The first read is slow.
          if (starts.length === 1) await new Promise((resolve) => setTimeout(resolve, 700))
        },
      }),
    )
    await pass(3_000)
    expect(starts).toEqual([0, 1_700, 2_700])
  })

  it('runNow starts one now, or joins the one in progress; after stop() it runs none', async () => {
    const { log } = recordingLogger()
    let runs = 0
    const slow = deferred()
    const job = started(
      startRepeatingJob({
        name: 'call_tally',
        everyMs: 60_000,
        log,
        run: async () => {
          runs += 1
          await slow.promise
        },
      }),
    )
    const first = job.runNow()
    const second = job.runNow()
    expect(runs).toBe(1)
    slow.release()
    await Promise.all([first, second])
    await job.runNow()
    expect(runs).toBe(2)
    await job.stop()
    await job.runNow()
    expect(runs).toBe(2)
  })
})

describe('stop()', () => {
  it('waits for the run in progress, aborts its signal, and no run starts after it', async () => {
    const { log } = recordingLogger()
    const slow = deferred()
    let runs = 0
    let aborted = false
    const job = started(
      startRepeatingJob({
        name: 'daily_backup',
        everyMs: 10,
        log,
        run: async (signal) => {
          runs += 1
          signal.addEventListener('abort', () => (aborted = true))
          await slow.promise
        },
      }),
    )
    await pass(10)
    let stopped = false
    const stopping = job.stop().then(() => (stopped = true))
    await pass(50)
    expect([stopped, aborted]).toEqual([false, true])
    slow.release()
    await stopping
    expect(stopped).toBe(true)
    await pass(100)
    expect(runs).toBe(1)
  })

  it('returns even when the run in progress fails', async () => {
    const { log, lines } = recordingLogger()
    const slow = deferred()
    const job = startRepeatingJob({
      name: 'pipeline_watch',
      everyMs: 10,
      log,
      run: async () => {
        await slow.promise
        throw new Error('connection terminated')
      },
    })
    await pass(10)
    const stopping = job.stop()
    slow.release()
    await expect(stopping).resolves.toBeUndefined()
    expect(lines.map((line) => line.event)).toEqual(['pipeline_watch_failed'])
  })

  it('cancel() from inside a run ends the job without waiting for itself', async () => {
    const { log } = recordingLogger()
    let runs = 0
    const job: RepeatingJob = started(
      startRepeatingJob({
        name: 'data_folder_lock',
        everyMs: 10,
        log,
        run: () => {
          runs += 1
          job.cancel()
        },
      }),
    )
    await pass(100)
    expect(runs).toBe(1)
  })
})

it('refuses a delay no timer can hold (Node would fire it after 1 ms)', () => {
  const { log } = recordingLogger()
  const run = () => {}
  expect(() => startRepeatingJob({ name: 'x', everyMs: 2 ** 31, log, run })).toThrow(RangeError)
  expect(() => startRepeatingJob({ name: 'x', everyMs: 0, log, run })).toThrow(RangeError)
  expect(() => startRepeatingJob({ name: 'x', log, run })).toThrow(RangeError)
})
