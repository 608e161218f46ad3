/**
 * `npm run build`: client bundle, SSR bundle, then static pages. The Supabase settings are
 * checked first with the very function the browser runs at start-up, so a build that would
 * produce a broken form stops here with the same message.
 */
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, loadEnv } from 'vite'
import { parseSupabaseEnv } from '../src/lib/env.ts'
import { compileHintsForIslands } from './compile-hints.ts'
import { CLIENT_MANIFEST, clientBuildInputs } from './page-scripts.ts'
import { CRITICAL_JS_BUDGET_GZIP, HTML_BUDGET_GZIP, formatReport, prerender } from './prerender.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.env.BUILD_MODE ?? 'production'

try {
  parseSupabaseEnv(loadEnv(mode, root, 'VITE_'))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

await build({
  root,
  mode,
  plugins: [compileHintsForIslands()],
  build: {
    // The prerender reads which hashed file each page script became (moved out of dist/ below).
    manifest: true,
    // Every browser with the Popover API the menu relies on supports modulepreload natively.
    modulePreload: { polyfill: false },
    rolldownOptions: { input: clientBuildInputs(root) },
  },
})
await build({
  root,
  mode,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    copyPublicDir: false,
  },
})
// Visitors have no use for the manifest; dist/ is served as it is.
await rename(path.join(root, 'dist', '.vite', 'manifest.json'), path.join(root, CLIENT_MANIFEST))
await rm(path.join(root, 'dist', '.vite'), { recursive: true, force: true })

const report = await prerender(root, process.env.SITE_URL)
console.log(`Prerendered:\n${formatReport(report)}`)

const overBudget = report.pages.some(
  (page) => page.gzipBytes > HTML_BUDGET_GZIP || page.scriptGzipBytes > CRITICAL_JS_BUDGET_GZIP,
)
if (overBudget) console.warn('Warning: a size budget from DESIGN.md is exceeded (see above).')
