// `npm run restore`: runs the restore command as built with the server (dist-server/restore.js), so a
// production install with only production dependencies runs exactly what was built.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const built = path.resolve(import.meta.dirname, '..', 'dist-server', 'restore.js')
if (!existsSync(built)) {
  console.error('The restore command is built with the server: run `npm run build` first.')
  process.exit(1)
}
await import(pathToFileURL(built).href)
