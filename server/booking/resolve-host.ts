import { lookup } from 'node:dns/promises'
import type { ResolveHost } from '#shared/busy-calendar/public-address.ts'

/**
 * Every address a host name has, as Node's fetch would look it up (getaddrinfo: /etc/hosts,
 * then DNS), so that a calendar feed's redirect is judged by where the request would go.
 */
export const resolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)
