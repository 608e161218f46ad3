/**
 * `npm run build`: client bundle, SSR bundle, then static pages. The Supabase settings are
 * checked first with the very function the browser runs at start-up, so a build that would
 * produce a broken form stops here with the same message.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, loadEnv } from 'vite'
import { parseSupabaseEnv } from '../src/lib/env.ts'
import { CRITICAL_JS_BUDGET_GZIP, HTML_BUDGET_GZIP, formatReport, prerender } from './prerender.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.env.BUILD_MODE ?? 'production'

try {
  parseSupabaseEnv(loadEnv(mode, root, 'VITE_'))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// react-router's package exports resolve to its development bundle unless the "production"
// condition is set; pointing at the production bundle drops its warnings (about 3 kB gzip).
const reactRouterProduction = path.join(root, 'node_modules/react-router/dist/production/index.mjs')
await build({
  root,
  mode,
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
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

const report = await prerender(root, process.env.SITE_URL)
console.log(`Prerendered:\n${formatReport(report)}`)

const overBudget =
  report.criticalJsGzipBytes > CRITICAL_JS_BUDGET_GZIP ||
  report.pages.some((page) => page.gzipBytes > HTML_BUDGET_GZIP)
if (overBudget) console.warn('Warning: a size budget from DESIGN.md is exceeded (see above).')
