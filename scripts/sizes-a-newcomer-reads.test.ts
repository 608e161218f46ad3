// @vitest-environment node
/**
 * What a newcomer reads stays short enough to read (issue 31's numbers, docs/decisions/064):
 * the README is a map of at most 200 lines, and no source file outside the tests runs past 400
 * lines, where a file starts doing more than one thing.
 */
import { readdirSync, readFileSync } from 'node:fs'

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1

/** The folders the code lives in (a process may not be started here, so not `git ls-files`). */
const SOURCE_FOLDERS = ['src', 'server', 'supabase', 'scripts', 'bench', 'tests']

const sources = () =>
  SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file}`),
  )

describe('what a newcomer reads', () => {
  it('keeps the README to a map of at most 200 lines', () => {
    expect(lineCount('README.md')).toBeLessThanOrEqual(200)
  })

  it('keeps every source file outside the tests to at most 400 lines', () => {
    const files = sources()
    expect(files.length).toBeGreaterThan(100)
    const long = files
      .map((file) => `${file}: ${lineCount(file)} lines`)
      .filter((line) => Number(line.split(': ')[1]?.split(' ')[0]) > 400)
    expect(long).toEqual([])
  })
})
