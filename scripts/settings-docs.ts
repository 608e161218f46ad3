/**
 * Writes `.env.example` and docs/settings.md from the settings declared in
 * server/declared-settings/ (`npm run settings:docs`); a test fails while either differs.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  ENV_EXAMPLE_PATH,
  renderEnvExample,
  renderSettingsDoc,
  SETTINGS_DOC_PATH,
} from '../server/declared-settings/render.ts'

const root = path.resolve(import.meta.dirname, '..')
await writeFile(path.join(root, ENV_EXAMPLE_PATH), renderEnvExample())
await writeFile(path.join(root, SETTINGS_DOC_PATH), await renderSettingsDoc())
console.log(`Wrote ${ENV_EXAMPLE_PATH} and ${SETTINGS_DOC_PATH}.`)
