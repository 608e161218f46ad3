import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ROOT_DIR } from '../paths.ts'
import { backupKeyText, type BackupKey } from './backup-key.ts'
import type { SnapshotMessage } from './pglite-snapshot.ts'

/**
 * What the exporting process works from: the PGlite folder the server holds, copied into
 * `into` while the server keeps an online backup open (pglite-snapshot.ts), or DATABASE_URL.
 */
export type ExportSource = { pglite: string; into: string } | { databaseUrl: string }

/**
 * How much lower than the server the exporter runs (nice, the lowest): visitors come first;
 * on an idle machine it still runs at full speed.
 */
const EXPORTER_NICENESS = 19

/**
 * The command that exports: dist-server/backup.js beside the built server, or its source
 * through tsx where the server itself runs from source (the tests).
 */
const exporterCommand = (): string[] => {
  const here = fileURLToPath(import.meta.url)
  if (!here.endsWith('.ts')) return [path.join(path.dirname(here), 'backup.js')]
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return ['--import', tsx, path.join(ROOT_DIR, 'server', 'backup-command.ts')]
}

export interface ExportRun {
  /** The backup's bytes, when no file was named. */
  stdout: Readable
  /** Resolves with what the exporter printed when it wrote a file; rejects with its error. */
  done: Promise<string>
  /** PGlite: resolves once the exporter has copied the folder's files. */
  copied: Promise<void>
  /** PGlite: hands the exporter pg_backup_stop's label, so it finishes the copy. */
  sendLabel(label: string): void
  /** Stops it, for this reason (whoever wanted the bytes went away, the server is stopping). */
  kill(reason: string): void
}

/**
 * Exports in a process of its own, at the lowest priority: copying a PGlite folder, opening
 * the copy and turning a hundred thousand rows into JSON would otherwise take the server's
 * one thread, and its share of the machine, for seconds. With `file`, the exporter writes,
 * flushes and checks the file itself and prints a summary; without, the backup comes out of
 * `stdout`. The database URL and the backup key travel in the environment, never in the
 * command line, which `ps` shows.
 */
export const runExporter = (source: ExportSource, key: BackupKey, file?: string): ExportRun => {
  const args = [
    ...exporterCommand(),
    ...('pglite' in source
      ? ['--export-pglite', source.pglite, source.into]
      : ['--export-database']),
    ...(file ? ['--out', file] : []),
  ]
  const env: NodeJS.ProcessEnv = { ...process.env, BACKUP_KEY: backupKeyText(key) }
  if ('databaseUrl' in source) env.DATABASE_URL = source.databaseUrl
  else delete env.DATABASE_URL
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
  const { stdout, stderr } = child
  if (!stdout || !stderr) throw new Error('The exporter has no output to read.')
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, EXPORTER_NICENESS)
    } catch {
      // Not allowed here (some containers): it runs at the server's priority.
    }
  }
  let said = ''
  stderr.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4_000)
  })
  let printed = ''
  let stoppedBecause: string | undefined
  if (file) stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const done = new Promise<string>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => {
      if (code === 0) resolve(printed.trim())
      else if (stoppedBecause) reject(new Error(stoppedBecause))
      else {
        const why = said.trim().split('\n').slice(-3).join(' ') || `exit ${code ?? signal}`
        reject(new Error(`The backup's export failed: ${why}`))
      }
    })
  })
  const copied = new Promise<void>((resolve, reject) => {
    child.on('message', (message: SnapshotMessage) => {
      if (message.type === 'copied') resolve()
    })
    done.then(() => reject(new Error('The exporter ended before copying the folder.')), reject)
  })
  copied.catch(() => undefined)
  return {
    stdout,
    done,
    copied,
    sendLabel: (label) => child.send({ type: 'label', label } satisfies SnapshotMessage),
    kill: (reason) => {
      stoppedBecause ??= reason
      child.kill()
    },
  }
}
