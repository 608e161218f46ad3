// `npm start`: builds when needed (a fresh clone, or sources changed since the last build), then
// runs the built server in this process, so signals reach it directly. A deployment runs
// `node dist-server/server.js` after `npm run build`; this script is the one-command way in.
import './require-supported-node.js'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfNeeded } from './build-if-needed.js'

const root = path.resolve(import.meta.dirname, '..')
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))
buildIfNeeded()
await import(pathToFileURL(path.join(root, 'dist-server', 'server.js')).href)
