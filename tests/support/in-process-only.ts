import { createRequire, syncBuiltinESMExports } from 'node:module'

/**
 * Setup file of the `web` and `server` projects, the quick set (`npm run test:quick`, decision
 * 063): their tests run in the test runner's process, with no browser, no built copy of the site
 * and no second process. Starting one fails the test at once with where it belongs, so a test
 * that needs a process cannot land in the quick set by accident: such tests live under
 * tests/integration/ (a server, PostgreSQL, Deno, a command) or tests/e2e/ (a browser).
 * Worker threads are in-process and stay allowed.
 */
const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>

const refuse = (name: string) =>
  function startsAProcess(): never {
    throw new Error(
      `child_process.${name}: this test starts a second process, which the quick set ` +
        '(`npm run test:quick`) does not. Move it to tests/integration/ (or tests/e2e/ for a ' +
        'browser); see docs/decisions/063-tests-in-minutes.md.',
    )
  }

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = refuse(name)
}
// `import { spawn } from 'node:child_process'` sees the replaced functions too.
syncBuiltinESMExports()
