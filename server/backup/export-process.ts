import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ROOT_DIR } from '../paths.ts'

/** What the exporting process works from: a copy of the PGlite folder, or DATABASE_URL. */
export type ExportSource = { snapshotDir: string } | { databaseUrl: string }

/** How much lower than the server the exporter runs (nice, the lowest): visitors come first; on an idle machine it still runs at full speed. */
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
  /** Stops it (whoever wanted the bytes went away). */
  kill(): void
}

/**
 * Exports in a process of its own, at a lower priority: opening PGlite on a copy and turning a
 * hundred thousand rows into JSON would otherwise take the server's one thread for seconds.
 * With `file`, the exporter writes, flushes and checks the file itself and prints a summary;
 * without, the backup comes out of `stdout`. The database URL travels in the environment,
 * never in the command line, which `ps` shows.
 */
export const runExporter = (source: ExportSource, file?: string): ExportRun => {
  const args = [
    ...exporterCommand(),
    ...('snapshotDir' in source
      ? ['--export-snapshot', source.snapshotDir]
      : ['--export-database']),
    ...(file ? ['--out', file] : []),
  ]
  const env = { ...process.env }
  if ('databaseUrl' in source) env.DATABASE_URL = source.databaseUrl
  else delete env.DATABASE_URL
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, EXPORTER_NICENESS)
    } catch {
      // Not allowed here (some containers): it runs at the server's priority.
    }
  }
  let said = ''
  child.stderr.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4_000)
  })
  let printed = ''
  if (file) child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const done = new Promise<string>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => {
      if (code === 0) resolve(printed.trim())
      else {
        const why = said.trim().split('\n').slice(-3).join(' ') || `exit ${code ?? signal}`
        reject(new Error(`The backup's export failed: ${why}`))
      }
    })
  })
  return { stdout: child.stdout, done, kill: () => child.kill() }
}
