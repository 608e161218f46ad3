// @vitest-environment node
/**
 * docs/decisions/README.md lists every record in the folder with its title and status as the
 * record states them today; `npm run decisions:index` writes it again.
 */
import { readdirSync, readFileSync } from 'node:fs'
import {
  DECISIONS_DIR,
  DECISIONS_INDEX,
  readDecisionRecord,
  readDecisionRecords,
  renderDecisionsIndex,
} from './decision-records.ts'

const index = readFileSync(DECISIONS_INDEX, 'utf8')

describe('the decisions index', () => {
  it('is what the records say today', async () => {
    expect(
      index,
      'docs/decisions/README.md is not what the records say: run `npm run decisions:index`',
    ).toBe(await renderDecisionsIndex())
  })

  it('links every file in the folder, each record with its number, title and status', () => {
    const files = readdirSync(DECISIONS_DIR).filter((file) => file !== 'README.md')
    expect(files.filter((file) => !index.includes(`](${file})`))).toEqual([])
    const records = readDecisionRecords()
    expect(records.length).toBe(files.length - 1) // all but the template
    for (const record of records) {
      expect(record.file.startsWith(`${record.number}-`), record.file).toBe(true)
      expect(index).toContain(`- [${record.number}](${record.file}): ${record.title}`)
      expect(index).toContain(`Status: ${record.status}\n`)
    }
    expect(new Set(records.map((record) => record.number)).size).toBe(records.length)
  })

  it('reads a status that runs over two lines, and refuses a record without one', () => {
    const record = readDecisionRecord(
      '099-x.md',
      '# 099. A title\n\n- Date: 2026-12-05\n- Status: accepted (amends 001\n  and 002)\n\n## Context\n',
    )
    expect(record).toEqual({
      file: '099-x.md',
      number: '099',
      title: 'A title',
      status: 'accepted (amends 001 and 002)',
    })
    expect(() => readDecisionRecord('099-x.md', '# 099: A title\n\nStatus: accepted\n')).toThrow(
      /needs a "# NNN: Title" line and a "- Status:" line/,
    )
  })
})
