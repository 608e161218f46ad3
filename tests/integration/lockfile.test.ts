/**
 * The lockfile a newcomer and CI install from: `npm ci` must accept it as committed, on this
 * machine and (as far as a lockfile can promise) on macOS and Windows, and `npm install` on a
 * fresh clone must leave it as it is, so a checkout is never dirty from its first command.
 * Each check runs on a copy of package.json and package-lock.json in a folder of its own.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'

const run = promisify(execFile)
const folders: string[] = []

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
})

const copyManifests = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'lockfile-'))
  folders.push(folder)
  for (const file of ['package.json', 'package-lock.json']) {
    await cp(path.join(ROOT_DIR, file), path.join(folder, file))
  }
  return folder
}

const npm = (folder: string, args: string[]) =>
  run('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: folder,
    timeout: 120_000,
  })

interface LockEntry {
  version?: string
  optionalDependencies?: Record<string, string>
}

const readLock = async () =>
  JSON.parse(await readFile(path.join(ROOT_DIR, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>
  }

/** Where npm looks a dependency of the package at `at` up: its own node_modules, then up. */
const resolveIn = (packages: Record<string, LockEntry>, at: string, name: string) => {
  let base = at
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (packages[candidate]) return packages[candidate]
    if (!base) return undefined
    const cut = base.lastIndexOf('/node_modules/')
    base = cut === -1 ? '' : base.slice(0, cut)
  }
}

it('is accepted by npm ci as committed (a dry run, with no network)', async () => {
  const folder = await copyManifests()
  // npm ci refuses a lockfile that lacks a package any platform could need ("Missing: … from
  // lock file"), before it downloads anything.
  await expect(npm(folder, ['ci', '--dry-run', '--offline'])).resolves.toBeDefined()
}, 150_000)

it('is left byte for byte as it is by npm install', async () => {
  const folder = await copyManifests()
  await npm(folder, ['install', '--package-lock-only', '--prefer-offline'])
  expect(await readFile(path.join(folder, 'package-lock.json'), 'utf8')).toBe(
    await readFile(path.join(ROOT_DIR, 'package-lock.json'), 'utf8'),
  )
}, 150_000)

it('lists every platform build a native tool may need, for macOS, Windows and Linux alike', async () => {
  const { packages } = await readLock()
  const missing: string[] = []
  for (const [at, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveIn(packages, at, name)) missing.push(`${name}@${range} (for ${at || 'the root'})`)
    }
  }
  expect(missing).toEqual([])
  // The builds a developer's machine needs, named: the tools that ship one binary per platform.
  for (const build of [
    'node_modules/@esbuild/darwin-arm64',
    'node_modules/@esbuild/win32-x64',
    'node_modules/@deno/darwin-arm64',
    'node_modules/@deno/win32-x64',
    'node_modules/@tailwindcss/oxide-darwin-arm64',
    'node_modules/@tailwindcss/oxide-win32-x64-msvc',
    'node_modules/lightningcss-darwin-arm64',
    'node_modules/@rolldown/binding-win32-x64-msvc',
  ]) {
    expect(packages[build], build).toBeDefined()
  }
})
