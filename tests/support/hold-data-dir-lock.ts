/**
 * A stand-in for a server in the lock tests: takes the data folder's lock, reports on stdout
 * one JSON line per event, and holds the lock until its stdin closes.
 * Usage: node --import tsx hold-data-dir-lock.ts <folder> <leaseMs> (the tests run it bundled:
 * lock-holder.ts)
 */
import { acquireDataDirLock } from '../../server/db/lock.ts'

const [folder = '', leaseMs = '10000'] = process.argv.slice(2)
const report = (event: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ event, pid: process.pid, ...fields })}\n`)

try {
  const lock = await acquireDataDirLock(folder, {
    leaseMs: Number(leaseMs),
    onWait: (message) => report('waiting', { message }),
    onLost: (message) => {
      report('lost', { message })
      process.exit(4)
    },
  })
  report('locked')
  process.stdin.resume()
  process.stdin.once('end', () => {
    void lock.release().then(() => process.exit(0))
  })
} catch (error) {
  report('refused', { message: (error as Error).message })
  process.exit(3)
}
