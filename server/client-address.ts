import type { Context } from 'hono'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

const socketAddress = (c: Context): string | undefined => {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined
  const incoming = (env as { incoming: { socket?: { remoteAddress?: string } } }).incoming
  return incoming.socket?.remoteAddress
}

/**
 * The address the database's rate limit counts against.
 *
 * Behind a reverse proxy (TRUST_PROXY) it is the address the proxy appended to
 * X-Forwarded-For: the last entry, because anything before it was sent by the visitor and
 * may be forged. Without one it is the socket's address, except a loopback peer: that is a
 * local benchmark or a proxy nobody declared, and counting it would throttle every visitor
 * together, so it is left out.
 */
export const createClientAddress =
  (trustProxy: boolean) =>
  (c: Context): string | undefined => {
    if (trustProxy) {
      const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim())
      return hops.filter(Boolean).at(-1) ?? socketAddress(c)
    }
    const address = socketAddress(c)
    return address === undefined || LOOPBACK.test(address) ? undefined : address
  }
