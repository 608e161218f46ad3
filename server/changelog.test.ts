/**
 * The version an operator reads in the start-up line (package.json) is the newest one the
 * changelog describes, dated, so a release cannot bump one and forget the other; between
 * releases it is the next one, marked unreleased.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_VERSION, compareVersions } from './app-version.ts'
import { ROOT_DIR } from './paths.ts'

const changelog = readFileSync(path.join(ROOT_DIR, 'CHANGELOG.md'), 'utf8')
const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map(
  ([, version = '', date = '']) => ({ version, date }),
)

describe('CHANGELOG.md', () => {
  it("names package.json's version as its newest release, with a date, or says it is unreleased", () => {
    expect(Number.isNaN(Date.parse(released[0]?.date ?? ''))).toBe(false)
    // After a release, the version names the next one as unreleased until it is dated here:
    // a fork reading its start-up line never mistakes later commits for the release.
    const [core = '', label] = APP_VERSION.split('-', 2)
    if (label === undefined) {
      expect(released[0]?.version).toBe(APP_VERSION)
    } else {
      expect(label).toBe('unreleased')
      expect(compareVersions(core, released[0]?.version ?? '')).toBe(1)
      expect(changelog).toMatch(/^## \[Unreleased\]$/m)
    }
  })

  it('lists releases newest first, and says what an operator must do in every entry', () => {
    const versions = released.map((release) => release.version)
    expect([...versions].sort((a, b) => compareVersions(b, a))).toEqual(versions)
    // Each entry is a bullet and the indented lines that follow it.
    const entries = changelog.split(/\n(?=- )/).filter((entry) => entry.startsWith('- '))
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.filter((entry) => !entry.includes('Do:'))).toEqual([])
  })
})
