/**
 * Where a visitor came from, read from the address they arrived at (decision 033): the
 * campaign's utm_* parameters, the referring site's origin (never its full address) and the
 * page they landed on. Nothing is stored on the device: when the visitor goes on to another
 * page of the site, the page script writes the arrival into the site's own links (`ref` and
 * `landing` beside the utm_*), and the next page reads it back from its address. Plain data
 * and pure functions: the page scripts, the contact form, the Node server and the Edge
 * Function all import it. The database cleans every value again (…_attribution.sql).
 */

export const UTM_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const

/** The columns of contact_submissions, and the names of the form's hidden fields. */
export const ATTRIBUTION_FIELDS = ['referrer_origin', 'landing_path', ...UTM_PARAMS] as const
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number]
export type Attribution = Partial<Record<AttributionField, string>>

/** What the site's links carry from page to page, beside the utm_* parameters. */
export const CARRIED_PARAMS = { referrer: 'ref', landing: 'landing' } as const

/** Nothing longer is kept by the database; a longer value is not worth carrying either. */
const MAX_VALUE = 200

/** C0 and C1 control characters: PostgreSQL refuses a NUL, and none is ever a campaign's. */
const hasControl = (value: string) =>
  [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f)
  })

const externalOrigin = (value: string | null, ownOrigin: string): string | undefined => {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    return url.origin === ownOrigin ? undefined : url.origin
  } catch {
    return undefined
  }
}

const isSitePath = (value: string | null): value is string =>
  value !== null && value.startsWith('/') && !value.startsWith('//') && value.length <= MAX_VALUE

/**
 * The arrival as the page at `url` reads it, `referrer` being document.referrer (or '' when
 * there is none): the utm_* of the address; the referring site when it is another site, or
 * else the one carried in `ref`; the page carried in `landing`, or else this one.
 */
export function readArrival(url: URL, referrer: string): Attribution {
  const arrival: Attribution = {}
  for (const name of UTM_PARAMS) {
    const value = url.searchParams.get(name)?.trim()
    // A NUL (%00) would make the whole insert fail (PostgreSQL text cannot hold one), and the
    // message with it: such a value, or any control character, is not carried at all.
    if (value && !hasControl(value)) arrival[name] = value.slice(0, MAX_VALUE)
  }
  const origin =
    externalOrigin(referrer, url.origin) ??
    externalOrigin(url.searchParams.get(CARRIED_PARAMS.referrer), url.origin)
  if (origin) arrival.referrer_origin = origin
  const landing = url.searchParams.get(CARRIED_PARAMS.landing)
  arrival.landing_path = isSitePath(landing) ? landing : url.pathname
  return arrival
}

/** Whether there is anything to carry: a campaign or a referring site (not only a page). */
export const hasSource = (arrival: Attribution): boolean =>
  arrival.referrer_origin !== undefined || UTM_PARAMS.some((name) => arrival[name] !== undefined)

/** The query parameters a link carries the arrival in. */
export function carriedParams(arrival: Attribution): [string, string][] {
  const params: [string, string][] = []
  for (const name of UTM_PARAMS) {
    const value = arrival[name]
    if (value !== undefined) params.push([name, value])
  }
  if (arrival.referrer_origin) params.push([CARRIED_PARAMS.referrer, arrival.referrer_origin])
  if (arrival.landing_path) params.push([CARRIED_PARAMS.landing, arrival.landing_path])
  return params
}
