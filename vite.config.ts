import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vite'
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config'
import { brandAssets } from './scripts/brand/vite-brand.ts'
import { resolvedCompany } from './scripts/company/vite-resolved-company.ts'
import { devPages } from './scripts/vite-dev-pages.ts'

// The quick set's files run in threads of the test runner, two to four at a time: they start
// no process and share no port or folder, and a thread costs a fifth less CPU than a forked
// process per file (decision 063).
const inProcess = {
  pool: 'threads',
  maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
} as const

/**
 * A quick-set worker runs file after file keeping the modules it has loaded (`isolate: false`):
 * the quick set took 146 CPU-s instead of 261 (decision 084). A file that replaces a module
 * (`vi.mock`) needs them loaded afresh, so it is named `*.isolated.test.*` and runs in a second
 * project that isolates each file (scripts/isolated-tests.test.ts holds the rule).
 */
const ISOLATED = '**/*.isolated.test.{ts,tsx}'
type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>
const quickSet = ({
  name,
  include,
  ...test
}: ProjectTest & { name: string; include: string[] }): TestProjectInlineConfiguration[] => [
  {
    extends: true,
    test: {
      ...test,
      ...inProcess,
      name,
      include,
      exclude: [...configDefaults.exclude, ISOLATED],
      isolate: false,
    },
  },
  {
    extends: true,
    test: {
      ...test,
      ...inProcess,
      name: `${name}-isolated`,
      include: include.map((glob) => glob.replace('*.test.', '*.isolated.test.')),
    },
  },
]

export default defineConfig({
  plugins: [brandAssets(), resolvedCompany(), react(), tailwindcss(), devPages()],
  // The pages are rendered by devPages (and prerendered by the build), not served as index.html.
  appType: 'custom',
  server: {
    // `npm run dev` next to `npm start`: the form reaches the embedded backend on port 8080,
    // and so does its POST when sent without script (pages, GET, are rendered here first).
    proxy: {
      '/rest/v1': 'http://127.0.0.1:8080',
      '/functions/v1': 'http://127.0.0.1:8080',
      '/contato': 'http://127.0.0.1:8080',
    },
  },
  build: {
    // Hashed file names let the server cache assets for a year.
    assetsDir: 'assets',
  },
  test: {
    // `globals: true` gives tests Vitest's functions without imports; the DOM is emptied after
    // each test by tests/support/dom-setup.ts.
    globals: true,
    // Where a test file sits says which set it is in (decision 063). `web` and `server` are
    // the quick set, `npm run test:quick`: everything in the test runner's process, no browser,
    // no built copy, no second process (tests/support/in-process-only.ts refuses one). Tests
    // that start a server, PostgreSQL, Deno or a command live in tests/integration/, browser
    // journeys in tests/e2e/; `npm test` runs all four (and the quick set's `-isolated` halves).
    projects: [
      ...quickSet({
        name: 'web',
        environment: 'jsdom',
        include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        setupFiles: ['tests/support/in-process-only.ts', 'tests/support/dom-setup.ts'],
        // Rendering a page in jsdom took over Vitest's 5 s default at load 15 (the CI machine
        // is shared): a slow machine is not a failure.
        testTimeout: 30_000,
      }),
      ...quickSet({
        name: 'server',
        environment: 'node',
        include: ['server/**/*.test.ts', 'supabase/**/*.test.ts'],
        setupFiles: ['tests/support/in-process-only.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        // One migrated database, made once for the same migrations (decision 089) and loaded by
        // every in-memory test database.
        globalSetup: ['tests/support/pglite-template.ts'],
      }),
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          // One file at a time: each starts servers, and several time what they wait for.
          fileParallelism: false,
          // One worker for every file, as for the browser files: the server's modules, PGlite's
          // WebAssembly and the test helpers load and warm up once, not sixty times (2–4 CPU-s a
          // file, decision 084). No file changes the environment or mocks a module; each closes
          // what it starts.
          isolate: false,
          // Last when every project runs in one command (`npx vitest run`).
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated PGlite (made once for the same migrations), copied by every server and
          // test database; one PostgreSQL server on which files that only need a database make
          // their own.
          globalSetup: ['tests/support/pglite-template.ts', 'tests/support/shared-postgres.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium and one server at a time: the machine has two cores.
          fileParallelism: false,
          // One worker for every file, so playwright-core, PGlite and the server's packages load
          // once: importing them again took about 4 s per file on this machine. Each file still
          // starts its own Chromium and server, and none changes the environment or mocks.
          isolate: false,
          // After the quick set when both run in one lane (scripts/test.sh): Vitest runs
          // projects of different worker counts as groups, one after the other.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/pglite-template.ts'],
        },
      },
    ],
  },
})
