/**
 * A clone has no tags, so docs/upgrading.md names each release's commit: each one must say
 * that version in package.json and date it in CHANGELOG.md, each "Release X.Y.Z:" commit of the
 * history must be in the table, and the changelog's newest release too. A fork finds the
 * version it takes by these, not by a tag it never fetched.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8' }).trim()

const table = [
  ...readFileSync(path.join(ROOT_DIR, 'docs/upgrading.md'), 'utf8').matchAll(
    /^\| (\d+\.\d+\.\d+) +\| `([0-9a-f]{40})` \| (\d{4}-\d{2}-\d{2}) \|$/gm,
  ),
].map(([, version = '', commit = '', date = '']) => ({ version, commit, date }))

const changelog = readFileSync(path.join(ROOT_DIR, 'CHANGELOG.md'), 'utf8')
/** A shallow clone lacks the commits: that is not a release gone missing. */
const shallow = git('rev-parse', '--is-shallow-repository') === 'true'
/**
 * The commit tested. A release commit cannot name its own hash: its row comes with the next
 * commit, so the table may lack the release that is this very commit.
 */
const [head = '', ...subject] = git('log', '-1', '--format=%H %s').split(' ')
const headRelease = /^Release (\d+\.\d+\.\d+):/.exec(subject.join(' '))?.[1]

describe("docs/upgrading.md's releases", () => {
  it('name commits of this history whose package.json and changelog say that version', () => {
    expect(table.length).toBeGreaterThan(0)
    if (shallow) {
      console.warn('A shallow clone: the release commits are checked in a full clone only.')
      return
    }
    for (const { version, commit, date } of table) {
      const then = JSON.parse(git('show', `${commit}:package.json`)) as { version: string }
      expect(then.version, commit).toBe(version)
      expect(git('show', `${commit}:CHANGELOG.md`)).toContain(`## [${version}] - ${date}`)
      // Throws unless the release is in this branch's history.
      git('merge-base', '--is-ancestor', commit, 'HEAD')
    }
  })

  it('list every "Release X.Y.Z:" commit and the changelog\'s newest release', () => {
    const newest = /^## \[(\d+\.\d+\.\d+)\] - /m.exec(changelog)?.[1]
    if (newest !== headRelease) expect(table.map((row) => row.version)).toContain(newest)
    if (shallow) return
    const commits = git('log', '-E', '--grep=^Release [0-9]+\\.[0-9]+\\.[0-9]+:', '--format=%H %s')
      .split('\n')
      .filter(Boolean)
    expect(commits.length).toBeGreaterThan(0)
    for (const line of commits) {
      const [, commit = '', version = ''] = /^(\S+) Release (\S+):/.exec(line) ?? []
      if (commit === head) continue
      expect(table, line).toContainEqual(expect.objectContaining({ commit, version }))
    }
  })
})
