import { expect, it } from 'vitest'
import { buildKeyProblem } from './build-key.ts'
import { DEV_ANON_KEY } from './settings.ts'
import { DEV_ANON_KEY as SCRIPTS_DEV_ANON_KEY } from '../scripts/build-if-needed.js'

const embedded = (anonKey: string) => ({ backend: { url: '/', anonKey } })

it('lets a server start whose key is the one the site carries', () => {
  expect(buildKeyProblem(embedded('A'), { key: 'A', fromEnvironment: true })).toBeUndefined()
  expect(
    buildKeyProblem(embedded(DEV_ANON_KEY), { key: DEV_ANON_KEY, fromEnvironment: false }),
  ).toBeUndefined()
})

it('refuses a site built with a key the server does not accept, naming both keys and both ways out', () => {
  expect(buildKeyProblem(embedded('A'), { key: DEV_ANON_KEY, fromEnvironment: false })).toBe(
    [
      `Cannot start: the site in dist/ was built to send the key "A", and this server accepts "${DEV_ANON_KEY}" (the development key: SUPABASE_ANON_KEY is not set).`,
      'Every form, booking and page view would be refused with 401. Either:',
      '- start the server with the key the site carries: SUPABASE_ANON_KEY=A',
      "- or rebuild the site with this server's key: npm run build",
      '(`npm start` rebuilds by itself when the keys differ.)',
    ].join('\n'),
  )
  expect(buildKeyProblem(embedded(DEV_ANON_KEY), { key: 'B', fromEnvironment: true })).toContain(
    "rebuild the site with this server's key: SUPABASE_ANON_KEY=B npm run build",
  )
})

it('has nothing to say about a build for another backend, or no build at all', () => {
  const hosted = { backend: { url: 'https://abc.supabase.co', anonKey: 'sb_publishable_x' } }
  expect(buildKeyProblem(hosted, { key: DEV_ANON_KEY, fromEnvironment: false })).toBeUndefined()
  expect(buildKeyProblem(undefined, { key: DEV_ANON_KEY, fromEnvironment: false })).toBeUndefined()
})

it('knows the same development key as npm start, which runs without TypeScript', () => {
  expect(SCRIPTS_DEV_ANON_KEY).toBe(DEV_ANON_KEY)
})
