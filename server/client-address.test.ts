import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase } from '../tests/support/test-database.ts'
import { createTestApp } from '../tests/support/test-app.ts'
import type { createApp } from './app.ts'
import { createClientAddress } from './client-address.ts'
import type { Database } from './db/database.ts'
import { DEV_ANON_KEY } from './settings.ts'

// Behind a reverse proxy (TRUST_PROXY=true) the flood limit of the migration (10 messages per
// address per 10 minutes) must count the address the proxy saw, whatever the visitor forges.
let db: Database
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  db = await createTestDatabase()
  app = createTestApp(db, { clientAddress: createClientAddress(true) })
})
afterAll(() => db.close())

let sequence = 0
const submitFrom = (forwardedFor: string) => {
  sequence += 1
  return app.request('/rest/v1/contact_submissions', {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({
      name: `Visitante ${sequence}`,
      email: `visitante${sequence}@example.com`,
      company: null,
      message: `Mensagem ${sequence}`,
    }),
  })
}

it('refuses the eleventh message from one address with 429, even when the visitor forges hops', async () => {
  for (let n = 1; n <= 10; n++) {
    // The part before the proxy's own entry is the visitor's to write, so it changes every time.
    expect((await submitFrom(`10.0.0.${n}, 203.0.113.7`)).status).toBe(201)
  }
  const refused = await submitFrom('198.51.100.99, 203.0.113.7')
  expect(refused.status).toBe(429)
  expect(refused.headers.get('retry-after')).toBe('60')
  expect(await refused.json()).toMatchObject({ code: 'PT429' })

  // Another visitor behind the same proxy is not affected.
  expect((await submitFrom('203.0.113.8')).status).toBe(201)
  const stored = await db.query<{ client_ip: string; n: number }>(
    'select client_ip, count(*)::int as n from contact_submissions group by client_ip order by 1',
  )
  expect(stored.rows).toEqual([
    { client_ip: '203.0.113.7', n: 10 },
    { client_ip: '203.0.113.8', n: 1 },
  ])
})
