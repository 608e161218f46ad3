import { spawn } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { DEV_ANON_KEY } from './dev-anon-key.ts'
import { ROOT_DIR } from './paths.ts'

const SOURCES = ['src', 'index.html', 'public']

const newestMtime = async (target: string): Promise<number> => {
  const info = await stat(target).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs)
  }
  return newest
}

/** True when dist/index.html is missing or older than anything it is built from. */
export const isBuildStale = async (root = ROOT_DIR): Promise<boolean> => {
  const built = await stat(path.join(root, 'dist', 'index.html')).catch(() => undefined)
  if (!built) return true
  const sources = await Promise.all(SOURCES.map((name) => newestMtime(path.join(root, name))))
  return Math.max(...sources) > built.mtimeMs
}

/**
 * Builds the site for the embedded server: same origin (VITE_SUPABASE_URL=/) and the key the
 * server accepts, unless the caller chose other values.
 */
export const ensureBuild = async (options: { force?: boolean; anonKey?: string } = {}) => {
  if (!options.force && !(await isBuildStale())) return false
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? '/',
    VITE_SUPABASE_ANON_KEY:
      process.env.VITE_SUPABASE_ANON_KEY ??
      options.anonKey ??
      process.env.SUPABASE_ANON_KEY ??
      DEV_ANON_KEY,
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT_DIR, env, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (exit code ${code}).`)),
    )
  })
  return true
}

// Run as a command (`tsx server/ensure-build.ts`), not when bundled into the server: the
// bundle is a different file, but it may be the script node was started with.
const isCommand =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  path.basename(import.meta.filename) === 'ensure-build.ts'
if (isCommand) {
  ensureBuild({ force: process.argv.includes('--force') }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
