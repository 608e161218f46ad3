import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { normalizeAddress } from '../proxy-trust.ts'
import { tokenMatches } from './backup-access.ts'
import type { BackupService } from './backup-service.ts'

/** Where `npm run backup` asks a server holding a PGlite folder for a backup. */
export const BACKUP_PATH = '/_backup'

/**
 * Whether the connection comes from this machine: loopback, or one of its own addresses (a
 * server listening on a LAN address is reached at that address from the machine itself).
 */
const fromThisMachine = (c: Context): boolean => {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return false
  const socket = (
    env as { incoming: { socket?: { remoteAddress?: string; localAddress?: string } } }
  ).incoming.socket
  const peer = normalizeAddress(socket?.remoteAddress)
  if (peer === undefined) return false
  return (
    peer === '::1' || peer.startsWith('127.') || peer === normalizeAddress(socket?.localAddress)
  )
}

/**
 * GET /_backup: the backup's bytes, for a caller on this machine (not through a proxy) that
 * sends the token of DATA_DIR's backup-access.json. Anyone else gets the 404 of a path that
 * does not exist.
 */
export const createBackupRoute = (service: BackupService, token: string) => {
  const app = new Hono()
  app.get('/', async (c) => {
    const proxied = c.req.header('x-forwarded-for') ?? c.req.header('forwarded')
    const given = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (!fromThisMachine(c) || proxied !== undefined || !tokenMatches(token, given)) {
      return c.text('Not Found', 404)
    }
    const { body } = await service.stream()
    return new Response(Readable.toWeb(body) as ReadableStream, {
      headers: { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' },
    })
  })
  return app
}
