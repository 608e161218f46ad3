/**
 * `npm run build`: everything a deployment runs, built once.
 * - dist/: the site (client bundle and prerendered pages), for the Node server or any static host;
 * - dist-server/server.js: the Node server as one plain-JavaScript file (its packages stay in
 *   node_modules, production dependencies only).
 * Without VITE_SUPABASE_URL and a key, the site is built for the embedded server: the form
 * talks to the origin the page came from, with the key that server accepts.
 */
// First: it settles NODE_ENV before any import below loads React.
import './production-env.ts'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, loadEnv } from 'vite'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { SITE_COMPRESSED_DIR } from '../server/paths.ts'
import { writeCompressedForms } from '../server/static-site.ts'
import { companyIdentityProblems } from '#shared/company/company-identity.ts'
import { demoFactsWarning } from '../server/demo-facts.ts'
import { demoClaimsInUse } from '../server/demo-claims.ts'
import { exampleProjectsWarning } from '../server/example-projects.ts'
import { projects } from '../src/content/projects/index.ts'
import { exampleProjects, projectProblems } from '../src/content/projects/project-problems.ts'
import { companyDefaultsWarning } from '#shared/company/company.ts'
import { parseSupabaseEnv } from '../src/lib/env.ts'
import { bundleForNode } from './bundle-for-node.js'
import { compileHintsForIslands } from './compile-hints.ts'
import { claimedContent } from './company/claimed-content.ts'
import { demoClaimsWarning } from './company/company-report.ts'
import { CLIENT_MANIFEST, SSR_BUILD_DIR, clientBuilds } from './page-scripts.ts'
import { CRITICAL_JS_BUDGET_GZIP, HTML_BUDGET_GZIP, formatReport, prerender } from './prerender.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.env.BUILD_MODE ?? 'production'

/** What the page will use to reach its backend; the embedded server's unless told otherwise. */
const chooseBackend = () => {
  const env = loadEnv(mode, root, 'VITE_')
  const keyNames = ['VITE_SUPABASE_ANON_KEY', 'VITE_SUPABASE_PUBLISHABLE_KEY']
  if (env.VITE_SUPABASE_URL === undefined && keyNames.every((name) => env[name] === undefined)) {
    const anonKey = process.env.SUPABASE_ANON_KEY?.trim() || DEV_ANON_KEY
    process.env.VITE_SUPABASE_URL = '/'
    process.env.VITE_SUPABASE_ANON_KEY = anonKey
    console.log(
      'Building for the embedded server (no VITE_SUPABASE_URL): the form posts to its own origin.',
    )
    return { url: '/', anonKey }
  }
  // Half a configuration is a mistake: stop with the message the page would show.
  return parseSupabaseEnv(env)
}

// The footer, the privacy notice and the structured data publish these: a wrong CNPJ must
// not reach the page, and the demo's example must not go unnoticed.
const identityProblems = companyIdentityProblems()
if (identityProblems.length > 0) {
  console.error(`Cannot build: fix the company's facts.\n- ${identityProblems.join('\n- ')}`)
  process.exit(1)
}
// A project with a broken slug, an image without alt or size, a result without a number.
const projectsProblems = projectProblems(projects)
if (projectsProblems.length > 0) {
  console.error(`Cannot build: fix the projects.\n- ${projectsProblems.join('\n- ')}`)
  process.exit(1)
}
// The demo's invented clients, published until replaced (decision 078).
const examples = exampleProjects(projects).map(({ slug, title }) => ({ slug, title }))
const examplesWarning = exampleProjectsWarning(examples)
if (examplesWarning) console.warn(`Warning: ${examplesWarning}`)
const demoFacts = demoFactsWarning()
if (demoFacts) console.warn(`Warning: ${demoFacts}`)
// The demo's tagline, experience, pitch, mark and privacy date: a fork's to own (decision 075).
const demoClaims = demoClaimsWarning(demoClaimsInUse(claimedContent))
if (demoClaims) console.warn(`Warning: ${demoClaims}`)

let backend: { url: string; anonKey: string }
try {
  backend = chooseBackend()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// The prerender reads which hashed file each page script became: each build's manifest, merged.
const manifest: Record<string, unknown> = {}
for (const [index, input] of clientBuilds(root).entries()) {
  await build({
    root,
    mode,
    logLevel: index === 0 ? 'info' : 'warn',
    plugins: [compileHintsForIslands()],
    build: {
      manifest: true,
      // The first build empties dist/ and copies public/; the others add their files beside.
      emptyOutDir: index === 0,
      copyPublicDir: index === 0,
      // Every browser with the Popover API the menu relies on supports modulepreload natively.
      modulePreload: { polyfill: false },
      rolldownOptions: { input },
    },
  })
  const built = path.join(root, 'dist', '.vite', 'manifest.json')
  Object.assign(manifest, JSON.parse(await readFile(built, 'utf8')))
}
await build({
  root,
  mode,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: SSR_BUILD_DIR,
    emptyOutDir: true,
    copyPublicDir: false,
  },
})
// Visitors have no use for the manifest; dist/ is served as it is.
await mkdir(path.dirname(path.join(root, CLIENT_MANIFEST)), { recursive: true })
await writeFile(path.join(root, CLIENT_MANIFEST), JSON.stringify(manifest))
await rm(path.join(root, 'dist', '.vite'), { recursive: true, force: true })

// Emptied before the prerender, which writes the server's copy of the contact page there.
const serverDir = path.join(root, 'dist-server')
await rm(serverDir, { recursive: true, force: true })
const report = await prerender(root, process.env.SITE_URL, backend.url)
console.log(`Prerendered:\n${formatReport(report)}`)
await rm(path.join(root, SSR_BUILD_DIR), { recursive: true, force: true })

const overBudget = report.pages.some(
  (page) => page.gzipBytes > HTML_BUDGET_GZIP || page.scriptGzipBytes > CRITICAL_JS_BUDGET_GZIP,
)
if (overBudget) console.warn('Warning: a size budget from DESIGN.md is exceeded (see above).')

// The server's start then only checks each text file's brotli and gzip forms.
await writeCompressedForms(path.join(root, 'dist'), SITE_COMPRESSED_DIR)
await bundleForNode('server/index.ts', path.join(serverDir, 'server.js'), root)
// The calendar feed is expanded in a worker thread, from a file of its own beside the server.
await bundleForNode(
  'server/booking/busy-feed-worker.ts',
  path.join(serverDir, 'busy-feed-worker.js'),
  root,
)
// `npm run leads` (export, erase, hash-password), built alike so it runs without dev tools.
await bundleForNode('server/leads-command.ts', path.join(serverDir, 'leads.js'), root)
// `npm run backup` and `npm run restore` (docs/backups.md); the server runs backup.js too.
await bundleForNode('server/backup-command.ts', path.join(serverDir, 'backup.js'), root)
await bundleForNode('server/restore-command.ts', path.join(serverDir, 'restore.js'), root)
// npm start compares this with the settings it runs with (the key is baked into the page).
await writeFile(
  path.join(serverDir, 'build.json'),
  `${JSON.stringify({ backend, exampleProjects: examples }, null, 2)}\n`,
)
console.log('Server: dist-server/server.js, busy-feed-worker.js, leads.js, backup.js, restore.js')
// A fork that merged a later version: the facts it added, still at their defaults.
const defaults = companyDefaultsWarning()
if (defaults) console.warn(`Warning: ${defaults}`)
