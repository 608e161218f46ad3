import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase } from '../tests/support/test-database.ts'
import type { Database } from './db/database.ts'
import { DEV_ANON_KEY } from './settings.ts'
import type { Logger } from './log.ts'
import { warmUp } from './warm-up.ts'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const countRows = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from contact_submissions')).rows[0]?.n

describe('warmUp', () => {
  it('runs the insert path without storing, sending or logging anything', async () => {
    const sendEmail = vi.fn(async () => ({ ok: true as const }))
    const log: Logger = { info: vi.fn(), error: vi.fn() }
    const result = await warmUp(
      { db, anonKey: DEV_ANON_KEY, sendEmail, log, responseDeadlineMs: 8_000 },
      { requests: 20, maxMs: 10_000 },
    )
    expect(result).toMatchObject({ requests: 20, status: 400 })
    expect(await countRows()).toBe(0)
    expect(sendEmail).not.toHaveBeenCalled()
    expect(log.info).not.toHaveBeenCalled()
    expect(log.error).not.toHaveBeenCalled()
  })

  it('stops at the first response that is not the refusal it expects', async () => {
    const unreachable: Database = {
      ...db,
      transaction: () => Promise.reject(new Error('connection refused')),
    }
    const result = await warmUp(
      {
        db: unreachable,
        anonKey: DEV_ANON_KEY,
        sendEmail: async () => ({ ok: true }),
        responseDeadlineMs: 8_000,
      },
      { requests: 20, maxMs: 10_000 },
    )
    expect(result).toMatchObject({ requests: 1, status: 503 })
  })
})
