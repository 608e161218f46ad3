/** Writes docs/decisions/README.md from the records (`npm run decisions:index`). */
import { writeFile } from 'node:fs/promises'
import { DECISIONS_INDEX, renderDecisionsIndex } from './decision-records.ts'

await writeFile(DECISIONS_INDEX, await renderDecisionsIndex())
console.log('Wrote docs/decisions/README.md.')
