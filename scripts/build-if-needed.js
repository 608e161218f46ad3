// Builds the site and the server when their output is missing or older than what they are built
// from. `npm start` runs this before the built server; benchmarks run it before touching dist/.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
/** server/settings.ts's DEV_ANON_KEY, the key a server without SUPABASE_ANON_KEY accepts. */
export const DEV_ANON_KEY = 'sb_publishable_local-development-key'
const builtFiles = [
  'dist/index.html',
  'dist-server/server.js',
  'dist-server/busy-feed-worker.js',
].map((file) => path.join(root, file))
// What the build reads; a newer file in any of these means the build is out of date.
const sources = [
  'src',
  'public',
  'index.html',
  'server',
  'supabase/functions/_shared',
  'scripts/build.ts',
  'scripts/prerender.ts',
  'scripts/page-scripts.ts',
  'vite.config.ts',
].map((name) => path.join(root, name))

const newest = (target) => {
  if (!existsSync(target)) return 0
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (max, entry) => Math.max(max, statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    )
}

/** Why a build is needed, or undefined when the one in dist/ and dist-server/ will do. */
export const whyBuild = () => {
  if (!builtFiles.every((file) => existsSync(file))) return 'no build yet'
  const built = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs))
  if (Math.max(...sources.map(newest)) > built) return 'the sources changed since the last build'
  // The page carries the key it sends; it must be the one this server will accept: the
  // server refuses to start on any other (server/build-key.ts).
  const info = JSON.parse(readFileSync(path.join(root, 'dist-server', 'build.json'), 'utf8'))
  const key = process.env.SUPABASE_ANON_KEY?.trim() || DEV_ANON_KEY
  if (info.backend?.url === '/' && info.backend.anonKey !== key) {
    return process.env.SUPABASE_ANON_KEY?.trim()
      ? 'SUPABASE_ANON_KEY changed since the last build'
      : 'the last build carries another key than the development one, and SUPABASE_ANON_KEY is not set'
  }
  return undefined
}

/** Runs `npm run build` when whyBuild() says so; exits the process if it cannot. */
export const buildIfNeeded = () => {
  const reason = whyBuild()
  if (!reason) return
  if (!existsSync(path.join(root, 'node_modules', 'vite'))) {
    console.error(
      `Cannot start: the site must be built (${reason}), and the build tools are not installed ` +
        '(dev dependencies). Run `npm run build` where they are, or `npm install` here.',
    )
    process.exit(1)
  }
  console.log(`Building the site and the server (${reason})…`)
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
