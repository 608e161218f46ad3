import { createHmac } from 'node:crypto'
import type { Context } from 'hono'
import { UNCOUNTED, type CallerOf } from '../../rate-limit/call-guard.ts'
import { clientKey } from '../../rate-limit/client-key.ts'
import { signedDeviceToken } from '../sign-in/known-devices.ts'
import { isSignedSession } from '../sign-in/session-store.ts'
import type { LeadDeskOptions } from './desk-env.ts'
import { deskCookies } from './desk-cookies.ts'

/**
 * Whom a request to the desk counts against in the public calls' budget (decision 058), told
 * from its cookies with an HMAC each and no query:
 * - a signed-in operator (a session cookie this desk signed): nobody; their calls are never
 *   limited by what a stranger does, wherever they come from;
 * - a browser that signed in before (a known browser's signed cookie, decision 025): a budget
 *   of its own, so strangers at its address cannot keep it from signing in;
 * - anyone else (the sign-in page, the stylesheet, the calendar feed, any path with a made-up
 *   cookie): its address and the address's /56 and /48, as every public call.
 */
export const deskCallerOf = (
  options: Pick<LeadDeskOptions, 'password' | 'isHttps'>,
  clientAddress: (c: Context) => string | undefined,
): CallerOf => {
  const cookies = deskCookies(options.isHttps)
  const { cookieKey } = options.password
  return (c) => {
    if (isSignedSession(options.password, cookies.readSession(c))) return UNCOUNTED
    const device = signedDeviceToken(cookieKey, cookies.readDevice(c))
    if (device !== undefined) {
      // Not the token, nor the hash the database keeps of it: the tally's key is its own.
      const id = createHmac('sha256', cookieKey).update(`budget\n${device}`).digest('base64url')
      return `device:${id.slice(0, 22)}`
    }
    return clientKey(clientAddress(c))
  }
}
