/**
 * The decision records in docs/decisions/ and their index, docs/decisions/README.md, which
 * `npm run decisions:index` writes from each record's title and status line.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import prettier from 'prettier'

export const DECISIONS_DIR = path.resolve(import.meta.dirname, '../docs/decisions')
export const DECISIONS_INDEX = path.join(DECISIONS_DIR, 'README.md')
const TEMPLATE = '000-template.md'

export interface DecisionRecord {
  file: string
  number: string
  title: string
  /** The record's `- Status:` line, with the lines that continue it. */
  status: string
}

/** Reads one record: `# NNN: Title` (or `# NNN. Title`), then `- Date:` and `- Status:`. */
export const readDecisionRecord = (file: string, text: string): DecisionRecord => {
  const heading = /^# (\d{3})[.:] (.+)$/m.exec(text)
  const status = /^- Status: (.+(?:\n {2}\S.*)*)/m.exec(text)
  if (!heading?.[1] || !heading[2] || !status?.[1]) {
    throw new Error(
      `docs/decisions/${file} needs a "# NNN: Title" line and a "- Status:" line (see ${TEMPLATE}).`,
    )
  }
  return {
    file,
    number: heading[1],
    title: heading[2].trim(),
    status: status[1].replace(/\n\s+/g, ' ').trim(),
  }
}

/** Every record but the template, in the order of their numbers. */
export const readDecisionRecords = (dir = DECISIONS_DIR): DecisionRecord[] =>
  readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file) && file !== TEMPLATE)
    .sort()
    .map((file) => readDecisionRecord(file, readFileSync(path.join(dir, file), 'utf8')))

/** A title ends its sentence, unless it ends with its own mark. */
const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`)

/** docs/decisions/README.md, formatted as Prettier would. */
export const renderDecisionsIndex = async (
  records: DecisionRecord[] = readDecisionRecords(),
): Promise<string> => {
  const lines = [
    '# Decisions',
    '',
    '<!-- Written by `npm run decisions:index` from the records beside it: edit those, not this. -->',
    '',
    'Why things are as they are, one decision a file. A record is never rewritten when the',
    'decision changes: a new one supersedes or amends it, and its status line says so. Start a',
    `new one from [the template](${TEMPLATE}) with the next number, then run`,
    '`npm run decisions:index`.',
    '',
    ...records.map(
      (record) =>
        `- [${record.number}](${record.file}): ${sentence(record.title)} Status: ${record.status}`,
    ),
  ]
  const options = await prettier.resolveConfig(DECISIONS_INDEX)
  return prettier.format(lines.join('\n') + '\n', { ...options, parser: 'markdown' })
}
