/**
 * A cookie-keeping client for the lead desk, over app.request() or a real server's fetch, so
 * tests sign in and post forms as a browser would, without a browser.
 */
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>

export interface DeskClient {
  request(path: string, init?: RequestInit): Promise<Response>
  /** Posts a form (URL-encoded), adding the session's CSRF token unless told otherwise. */
  post(
    path: string,
    fields?: Record<string, string>,
    options?: { csrf?: string | false },
  ): Promise<Response>
  signIn(password: string): Promise<Response>
  csrfToken(): Promise<string>
  cookies: Map<string, string>
}

const hiddenCsrf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1]

export const createDeskClient = (
  fetcher: Fetcher,
  defaults: Record<string, string> = {},
): DeskClient => {
  const cookies = new Map<string, string>()
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(defaults)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetcher(path, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute))
      if (expired || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
  const client: DeskClient = {
    request,
    cookies,
    async csrfToken() {
      const response = await request('/painel/api/sessao')
      if (response.status !== 200) throw new Error(`Not signed in (${response.status})`)
      return ((await response.json()) as { csrfToken: string }).csrfToken
    },
    async post(path, fields = {}, options = {}) {
      const csrf = options.csrf === undefined ? await client.csrfToken() : options.csrf
      const body = new URLSearchParams(fields)
      if (csrf !== false) body.set('_csrf', csrf)
      return request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      })
    },
    async signIn(password) {
      const form = await request('/painel/entrar')
      const nonce = hiddenCsrf(await form.text())
      return client.post('/painel/entrar', { senha: password }, { csrf: nonce ?? false })
    },
  }
  return client
}
