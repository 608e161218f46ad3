// First: V8's baseline WebAssembly compiler only, for a process that lives seconds.
import './short-lived-process.ts'
import { existsSync } from 'node:fs'
import { readBackupAccess } from './backup/backup-access.ts'
import { runCommand, say, settingsOrSay } from './command-line.ts'
import { hashPassword } from './desk/sign-in/password-hash.ts'
import { weakPasswordReason } from './desk/sign-in/password-policy.ts'
import { openDirectStore } from './desk/leads/cli/direct.ts'
import {
  parseLeadsCommand,
  USAGE,
  type CommandTarget,
  type LeadsCommand,
} from './desk/leads/cli/parse-command.ts'
import { readSecret } from './desk/leads/cli/read-secret.ts'
import { connectToDesk, serverAnswers } from './desk/leads/cli/via-server.ts'
import { exportLeads } from './desk/leads/export/export-leads.ts'
import { eraseLeads } from './desk/leads/erase-leads.ts'
import { EMPTY_FILTER } from './desk/leads/lead-filter.ts'
import type { Settings } from './settings.ts'

/**
 * `npm run leads`: export and erase leads from scripts, built into dist-server/leads.js with the
 * server (plain JavaScript, production dependencies only). Data goes to standard output,
 * everything said to a person to standard error.
 */
const localServerUrl = (settings: Settings) => {
  if (settings.port === 0) return undefined
  const host = ['0.0.0.0', '::', ''].includes(settings.host) ? '127.0.0.1' : settings.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}`
}

type Resolved = { kind: 'server'; url: string } | { kind: 'direct' }

/**
 * Where the work is done; see USAGE. The server running on DATA_DIR names its address in the
 * folder (backup-access.json, as `npm run backup` finds it), so this command needs no --server
 * when its PORT differs from the server's; HOST:PORT is asked next.
 */
const resolveTarget = async (target: CommandTarget, settings: Settings): Promise<Resolved> => {
  if (target.kind !== 'auto') return target
  if (settings.databaseUrl) return { kind: 'direct' }
  const access = await readBackupAccess(settings.dataDir).catch(() => undefined)
  for (const url of new Set([access?.url, localServerUrl(settings)])) {
    if (url !== undefined && (await serverAnswers(url))) return { kind: 'server', url }
  }
  return { kind: 'direct' }
}

const hashPasswordCommand = async () => {
  const password = await readSecret('Password for the lead desk: ')
  const weak = weakPasswordReason(password)
  if (weak) throw new Error(`The password ${weak}`)
  if (process.stdin.isTTY && (await readSecret('Same password again: ')) !== password) {
    throw new Error('The two passwords differ.')
  }
  process.stdout.write(`${await hashPassword(password)}\n`)
  say("Put it in .env as ADMIN_PASSWORD_HASH='…' (quoted in a shell: it contains $).")
}

const runViaServer = async (
  command: Exclude<LeadsCommand, { name: 'help' | 'hash-password' }>,
  url: string,
) => {
  say(`Using the server at ${url}.`)
  const password = process.env.ADMIN_PASSWORD ?? (await readSecret('Lead desk password: '))
  if (password === '') {
    throw new Error('No password: set ADMIN_PASSWORD, type it, or pipe it to standard input.')
  }
  const desk = await connectToDesk(url, password)
  try {
    if (command.name === 'export') {
      process.stdout.write(await desk.exportLeads(command.format, command.since))
    } else {
      const { erased, outboxFiles } = await desk.eraseByEmail(command.email)
      say(`Erased ${erased} lead(s) and ${outboxFiles} outbox e-mail(s).`)
    }
  } finally {
    await desk.signOut()
  }
}

const runDirect = async (
  command: Exclude<LeadsCommand, { name: 'help' | 'hash-password' }>,
  settings: Settings,
) => {
  const store = await openDirectStore(settings)
  say(
    `Using the database directly (${settings.databaseUrl ? 'DATABASE_URL' : `PGlite in ${settings.dataDir}`}).`,
  )
  try {
    if (command.name === 'export') {
      const selection = { filter: EMPTY_FILTER, since: command.since }
      const { body, count } = await exportLeads(store.db, command.format, selection, 'comando')
      process.stdout.write(body)
      say(`Exported ${count} lead(s).`)
    } else {
      const { leads, outboxFiles } = await eraseLeads(store, { email: command.email }, 'comando')
      say(`Erased ${leads} lead(s) and ${outboxFiles} outbox e-mail(s).`)
    }
  } finally {
    await store.close()
  }
}

const main = async () => {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const command = parseLeadsCommand(process.argv.slice(2))
  if ('problem' in command) {
    say(`${command.problem}\n\n${USAGE}`)
    return 2
  }
  if (command.name === 'help') {
    say(USAGE)
    return 0
  }
  if (command.name === 'hash-password') {
    await hashPasswordCommand()
    return 0
  }
  const settings = settingsOrSay(process.env)
  if (settings === undefined) return 1
  const target = await resolveTarget(command.target, settings)
  if (target.kind === 'server') await runViaServer(command, target.url)
  else await runDirect(command, settings)
  return 0
}

runCommand(main)
