import { readCalendarDay } from '../export/brazil-time.ts'
import { isExportFormat, type ExportFormat } from '../export/lead-export.ts'

/** Where the command does its work: a running server, the database itself, or whichever fits. */
export type CommandTarget = { kind: 'auto' } | { kind: 'server'; url: string } | { kind: 'direct' }

export type LeadsCommand =
  | { name: 'export'; format: ExportFormat; since: string | undefined; target: CommandTarget }
  | { name: 'erase'; email: string; target: CommandTarget }
  | { name: 'hash-password' }
  | { name: 'help' }

export const USAGE = `Usage:
  npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--server URL | --direct] > file
  npm run leads -- erase EMAIL [--server URL | --direct]
  npm run leads -- hash-password

export   writes every lead (from --since on, a day in Brasília time) to standard output: CSV
         for Excel (UTF-8 with BOM, ";" between fields) or JSON.
erase    deletes every lead from EMAIL (a visitor's request under LGPD), and outbox copies.
hash-password  reads a password (typed, or from standard input) and prints the value for
         ADMIN_PASSWORD_HASH.

Without --server or --direct: with DATABASE_URL the database is used directly; otherwise the
server running on DATA_DIR is asked, found as npm run backup finds it (or at HOST:PORT),
signing in with ADMIN_PASSWORD (typed if unset); if none answers, the PGlite folder (DATA_DIR)
is opened directly.`

const takeValue = (args: string[], index: number, flag: string) => {
  const value = args[index + 1]
  return value === undefined || value.startsWith('--')
    ? { problem: `${flag} needs a value.` }
    : value
}

/** Reads the command line after `npm run leads --`; a problem is reported with the usage. */
export const parseLeadsCommand = (args: string[]): LeadsCommand | { problem: string } => {
  const [name, ...rest] = args
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { name: 'help' }
  }
  if (name === 'hash-password') {
    return rest.length === 0
      ? { name }
      : {
          problem:
            'hash-password takes no arguments: it reads the password from the terminal or standard input.',
        }
  }
  if (name !== 'export' && name !== 'erase') return { problem: `Unknown command "${name}".` }

  let target: CommandTarget = { kind: 'auto' }
  let format: string | undefined
  let since: string | undefined
  const positional: string[] = []
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? ''
    if (arg === '--direct') {
      target = { kind: 'direct' }
    } else if (arg === '--server' || arg === '--format' || arg === '--since') {
      const value = takeValue(rest, index, arg)
      if (typeof value !== 'string') return value
      index += 1
      if (arg === '--server') target = { kind: 'server', url: value }
      if (arg === '--format') format = value
      if (arg === '--since') since = value
    } else if (arg.startsWith('--')) {
      return { problem: `Unknown option "${arg}".` }
    } else {
      positional.push(arg)
    }
  }
  if (target.kind === 'server' && !/^https?:\/\//.test(target.url)) {
    return { problem: '--server must be an http:// or https:// address.' }
  }

  if (name === 'erase') {
    const [email, ...extra] = positional
    if (email === undefined || extra.length > 0 || !email.includes('@')) {
      return { problem: 'erase takes one e-mail address.' }
    }
    return { name, email, target }
  }
  if (positional.length > 0) return { problem: `Unexpected "${positional[0]}".` }
  if (!isExportFormat(format)) return { problem: 'export needs --format csv or --format json.' }
  const day = since === undefined ? undefined : readCalendarDay(since)
  if (since !== undefined && day === undefined) {
    return { problem: `--since must be a date such as 2026-01-31 (got "${since}").` }
  }
  return { name, format, since: day, target }
}
