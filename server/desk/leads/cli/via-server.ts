import { deskPaths } from '../../desk-paths.ts'
import type { ExportFormat } from '../export/lead-export.ts'

/** Why a request to the server did not work, in words for the person at the terminal. */
export class ServerCommandError extends Error {}

/**
 * The lead desk's own door, used as a browser would: sign in (the same password, throttle and
 * CSRF tokens), act through /painel/api, sign out. So a script gets no way in that a person
 * does not have, and the PGlite folder stays with the server that owns it.
 */
export const connectToDesk = async (baseUrl: string, password: string) => {
  const cookies = new Map<string, string>()
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split(/=(.*)/s)
      if (value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

  const signInPage = await request(deskPaths.login)
  if (signInPage.status === 404) {
    throw new ServerCommandError(
      `The server at ${baseUrl} has no lead desk: set ADMIN_PASSWORD (or ADMIN_PASSWORD_HASH) for it and restart it.`,
    )
  }
  const nonce = /name="_csrf" value="([^"]+)"/.exec(await signInPage.text())?.[1] ?? ''
  const signedIn = await request(deskPaths.login, form({ senha: password, _csrf: nonce }))
  if (signedIn.status === 401) throw new ServerCommandError('The lead desk refused the password.')
  if (signedIn.status === 429) {
    throw new ServerCommandError(
      `Too many wrong passwords from this address; try again in ${signedIn.headers.get('retry-after') ?? 'a few'} seconds.`,
    )
  }
  if (signedIn.status !== 303) {
    throw new ServerCommandError(`Signing in failed with HTTP ${signedIn.status}.`)
  }
  const session = await request(deskPaths.api.session)
  const { csrfToken } = (await session.json()) as { csrfToken: string }

  const failIfBad = async (response: Response) => {
    if (response.ok) return response
    const text = await response.text()
    throw new ServerCommandError(
      `The server answered HTTP ${response.status}: ${text.slice(0, 300)}`,
    )
  }
  return {
    async exportLeads(format: ExportFormat, since: string | undefined) {
      const query = new URLSearchParams({ formato: format, ...(since ? { desde: since } : {}) })
      const response = await failIfBad(await request(`${deskPaths.api.export}?${query}`))
      // Bytes, not text(): decoding would drop the BOM that Excel needs.
      return new Uint8Array(await response.arrayBuffer())
    },
    async eraseByEmail(email: string) {
      const response = await failIfBad(
        await request(deskPaths.api.erase, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body: JSON.stringify({ email }),
        }),
      )
      return (await response.json()) as { erased: number; outboxFiles: number }
    },
    async signOut() {
      await request(deskPaths.logout, form({ _csrf: csrfToken }))
    },
  }
}

/** Whether anything answers HTTP at this address (a refused connection means no server). */
export const serverAnswers = async (baseUrl: string): Promise<boolean> => {
  try {
    await fetch(new URL(deskPaths.login, baseUrl), { signal: AbortSignal.timeout(3_000) })
    return true
  } catch {
    return false
  }
}
