import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ROOT_DIR } from '../../server/paths.ts'

const run = promisify(execFile)

/** What `npm run build` reads; node_modules is linked, not copied. */
const SOURCES = [
  'src',
  'public',
  'server',
  'supabase',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
]

export interface ProjectCopy {
  folder: string
  /** `npm run build` in the copy, with these environment variables. */
  build(env?: Record<string, string>): Promise<void>
  remove(): Promise<void>
}

/**
 * A throwaway copy of the project, for tests that must build it differently (another company,
 * another backend URL) without touching the dist/ the other tests read.
 */
export const copyProject = async (): Promise<ProjectCopy> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'project-copy-'))
  for (const entry of SOURCES) {
    await cp(path.join(ROOT_DIR, entry), path.join(folder, entry), { recursive: true })
  }
  await symlink(path.join(ROOT_DIR, 'node_modules'), path.join(folder, 'node_modules'))
  return {
    folder,
    async build(env = {}) {
      // As `npm run build` runs it, without npm in between (one process tree to clean up).
      await run(path.join(ROOT_DIR, 'node_modules/.bin/tsx'), ['scripts/build.ts'], {
        cwd: folder,
        env: { ...process.env, SITE_URL: '', ...env },
      })
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  }
}
