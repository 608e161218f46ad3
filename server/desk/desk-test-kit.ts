import { expect } from 'vitest'
import { createDeskClient, type DeskClient } from '../../tests/support/desk-client.ts'
import type { Database } from '../db/database.ts'
import type { LeadDeskOptions } from './http/desk-env.ts'
import { preparePassword } from './sign-in/password-check.ts'
import { hashPassword, parsePasswordHash, type PasswordHash } from './sign-in/password-hash.ts'

/**
 * What the desk's tests share: the company's password, the desk's options on a test database,
 * and a browser that signs in and reads pages, over app.request() (no port, no second process).
 */
export const DESK_PASSWORD = 'correto cavalo bateria grampo'

/**
 * The password as an ADMIN_PASSWORD_HASH at the cheapest cost the desk accepts (2^14, half the
 * default's): the desk's files here check some 180 guesses and sign-ins, each one scrypt. The
 * default cost, and a plain ADMIN_PASSWORD hashed at start, are checked by password.test.ts,
 * signed-cookies.test.ts and every server the integration and browser tests start.
 */
let cheapestHash: Promise<string> | undefined
export const deskPasswordHash = () =>
  (cheapestHash ??= hashPassword(DESK_PASSWORD, { logN: 14, r: 8, p: 1 }))

const parsedDeskPasswordHash = async (): Promise<PasswordHash> => {
  const parsed = parsePasswordHash(await deskPasswordHash())
  if ('problem' in parsed) throw new Error(`The desk refuses its tests' hash: ${parsed.problem}`)
  return parsed
}

/** A short pause after each sign-in: long enough to be seen, short enough for many tests. */
export const deskOptions = async (
  db: Database,
  { outboxDir, loginAnswerMs = 150 }: { outboxDir?: string; loginAnswerMs?: number } = {},
): Promise<LeadDeskOptions> => ({
  password: await preparePassword(db, { kind: 'hash', value: await parsedDeskPasswordHash() }),
  loginAnswerMs,
  outboxDir,
  isHttps: () => false,
})

interface DeskApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>
}

/**
 * A browser without a session. `app` is asked anew for every request, so a test that changes
 * what the app is built with (a mail server that fails) is seen by browsers already open.
 */
export const deskBrowser = (app: () => DeskApp): DeskClient =>
  createDeskClient((url, init) => Promise.resolve(app().request(url, init)))

/** A browser signed in with the right password, as the company would. */
export const signInTo = async (app: () => DeskApp): Promise<DeskClient> => {
  const client = deskBrowser(app)
  expect((await client.signIn(DESK_PASSWORD)).status).toBe(303)
  return client
}

/** A desk page's HTML, after checking it was shown (the path is named when it was not). */
export const readPage = async (client: DeskClient, path: string): Promise<string> => {
  const response = await client.request(path)
  expect([path, response.status]).toEqual([path, 200])
  return response.text()
}
