import { chmod, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** Folders the server keeps leads in: only its own user may enter them. */
export const PRIVATE_FOLDER_MODE = 0o700
/** Files that hold leads (the outbox's e-mails) or name the process (the lock). */
export const PRIVATE_FILE_MODE = 0o600

export interface FolderChange {
  /** A folder, or `<outbox>/*.eml` for the e-mails, counted in `files`. */
  path: string
  /** The permission bits found, in octal (e.g. "755"); the widest among the e-mails. */
  was: string
  files?: number
}

export interface TightenReport {
  /** Made owner-only. */
  tightened: FolderChange[]
  /** Still open to other users: chmod was refused (another owner, a read-only mount). */
  refused: (FolderChange & { reason: string })[]
}

const octal = (mode: number) => (mode & 0o777).toString(8)

/**
 * Closes to other users what an earlier version left open: DATA_DIR, its pglite/ and outbox/
 * folders (0755 then) and the outbox's .eml files (0644). Only group and other bits are
 * removed, only from what exists; nothing is created here. The folders alone would suffice
 * (nobody can reach a file inside a 0700 folder), and PGlite creates its own files 0666
 * whatever the umask, which is why the folders are what count.
 */
export const tightenDataFolder = async (dataDir: string): Promise<TightenReport> => {
  const report: TightenReport = { tightened: [], refused: [] }
  /** The bits found when they let others in and chmod worked; a refusal goes in the report. */
  const tighten = async (target: string, mode: number, shownAs = target) => {
    const found = await stat(target).catch(() => undefined)
    if (!found || (found.mode & 0o077) === 0) return undefined
    try {
      await chmod(target, mode)
      return found.mode
    } catch (error) {
      const reason = (error as Error).message
      // One line per folder, and one for all its e-mails.
      if (!report.refused.some((entry) => entry.path === shownAs)) {
        report.refused.push({ path: shownAs, was: octal(found.mode), reason })
      }
      return undefined
    }
  }
  const folder = path.resolve(dataDir)
  const outbox = path.join(folder, 'outbox')
  for (const target of [folder, path.join(folder, 'pglite'), outbox]) {
    const was = await tighten(target, PRIVATE_FOLDER_MODE)
    if (was !== undefined) report.tightened.push({ path: target, was: octal(was) })
  }
  const mails = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  )
  let files = 0
  let widest = 0
  for (const name of mails) {
    const was = await tighten(path.join(outbox, name), PRIVATE_FILE_MODE, `${outbox}/*.eml`)
    if (was === undefined) continue
    files += 1
    widest |= was & 0o777
  }
  if (files > 0) report.tightened.push({ path: `${outbox}/*.eml`, was: octal(widest), files })
  return report
}
