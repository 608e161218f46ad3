// `npm start`: bundles the server's TypeScript into plain JavaScript, then runs it in this
// process. A TypeScript loader (tsx) running beside the server cost ~45 MB of memory for as
// long as it ran (BENCHMARKS.md §4); bundling takes well under a second, so it is redone on
// every start and can never be stale. Signals reach the server directly: no child process.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleForNode } from './bundle-for-node.js'

const root = path.resolve(import.meta.dirname, '..')
// dist-server/ also holds the prerender's SSR bundle; `npm run build` empties it, which is
// harmless once this file is loaded and why it is rebuilt on each start.
const outfile = path.join(root, 'dist-server', 'server.js')

try {
  await bundleForNode('server/index.ts', outfile, root)
} catch {
  // esbuild has already printed what failed and where.
  process.exit(1)
}

await import(pathToFileURL(outfile).href)
