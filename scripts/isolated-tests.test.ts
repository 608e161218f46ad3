import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.join(import.meta.dirname, '..')
const QUICK_SET_FOLDERS = ['src', 'server', 'supabase', 'scripts']
const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/

const testFiles = (folder: string): string[] =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))

/**
 * The quick set's workers keep the modules they loaded from one file to the next (decision
 * 084): a file that replaces a module with `vi.mock` would get it only when it ran first, and
 * its neighbours would get its replacement. Such a file is named `*.isolated.test.*`, which runs
 * it in a worker of its own (vite.config.ts).
 */
describe('the quick set', () => {
  const files = QUICK_SET_FOLDERS.flatMap(testFiles)

  it('names every file that replaces a module *.isolated.test.*, and no other', () => {
    const replacing = files.filter((file) =>
      REPLACES_A_MODULE.test(readFileSync(path.join(ROOT, file), 'utf8')),
    )
    const named = files.filter((file) => /\.isolated\.test\.tsx?$/.test(file))
    expect(replacing.length).toBeGreaterThan(0)
    expect(named.sort()).toEqual(replacing.sort())
  })
})
