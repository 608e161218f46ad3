import { readFile, writeFile } from 'node:fs/promises'
import { afterAll } from 'vitest'

/**
 * docs/hostile-inputs.md is written by more than one test file, each its own part: the public
 * API's table first (no heading of its own), then one `## ` section per other surface. Each
 * writer replaces only its part and keeps the others; run Prettier on the file afterwards.
 */
export const writeHostileSection = async (
  file: string,
  /** The section's `## ` heading, or undefined for the part before the first one. */
  heading: string | undefined,
  lines: string[],
): Promise<void> => {
  const existing = await readFile(file, 'utf8').catch(() => '')
  const parts = existing.split(/^(?=## )/m)
  const [top = '', ...sections] = parts[0]?.startsWith('## ') ? ['', ...parts] : parts
  const text = `${lines.join('\n').trimEnd()}\n`
  const mine = `## ${heading}\n`
  const replaced =
    heading === undefined
      ? [text, ...sections]
      : sections.some((section) => section.startsWith(mine))
        ? [top, ...sections.map((section) => (section.startsWith(mine) ? text : section))]
        : [top, ...sections, text]
  await writeFile(file, replaced.map((part) => part.trimEnd()).join('\n\n') + '\n')
}

/**
 * A test file's section of docs/hostile-inputs.md, written after its tests have filled it, and
 * only when WRITE_HOSTILE_TABLE names the file to write; `lines` is read then, not now. `unless`
 * keeps the section as it was, e.g. when a filtered run saw none of its inputs.
 */
export const writeHostileSectionAfterAll = (
  heading: string,
  lines: () => string[],
  options: { unless?: () => boolean } = {},
) =>
  afterAll(async () => {
    const file = process.env.WRITE_HOSTILE_TABLE
    if (file && !options.unless?.()) await writeHostileSection(file, heading, lines())
  })

/** A markdown table's row, with pipes in cells escaped. */
export const tableRow = (cells: (string | number)[]) =>
  `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`
