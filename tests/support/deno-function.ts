import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT_DIR } from '../../server/paths.ts'
import { freePort } from './free-port.ts'

/**
 * What every Deno the tests start needs in its environment. DENO_TLS_CA_STORE: Deno trusts
 * only its bundled Mozilla roots by default, so behind a proxy that re-signs TLS with a root
 * installed in the system store its npm downloads fail with "invalid peer certificate:
 * UnknownIssuer"; with both stores it works there and everywhere else.
 */
export const DENO_ENV = {
  NO_COLOR: '1',
  DENO_NO_UPDATE_CHECK: '1',
  DENO_TLS_CA_STORE: 'system,mozilla',
} as const

export interface RunningFunction {
  /** What supabase-js takes as the project URL: /functions/v1/<name> is served under it. */
  url: string
  /** Everything the function printed, for assertions and for failures' messages. */
  output(): string
  /** Deno's process, whose CPU time and memory tests/support/process-usage.ts reads. */
  pid: number
  stop(): Promise<void>
}

/**
 * Serves the Edge Function from its place in the repository under the real Deno (the pinned
 * npm package), as Supabase's runtime would: its own deno.json, the project's node_modules.
 */
export const startDenoFunction = async (
  name: string,
  env: Record<string, string>,
): Promise<RunningFunction> => {
  // Another process on the machine (another test file, another checkout's suite) may take the
  // free port before Deno binds it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startDenoFunctionOnce(name, env)
    } catch (error) {
      if (attempt >= 3 || !/AddrInUse|already in use/i.test(String(error))) throw error
    }
  }
}

const startDenoFunctionOnce = async (
  name: string,
  env: Record<string, string>,
): Promise<RunningFunction> => {
  const port = await freePort()
  const deno = path.join(ROOT_DIR, 'node_modules', '.bin', 'deno')
  const child = spawn(
    deno,
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      `supabase/functions/${name}/index.ts`,
    ],
    {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...DENO_ENV,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Deno did not start within 60 s:\n${output}`)),
      60_000,
    )
    const check = () => {
      if (/Listening on/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', check)
    child.stderr.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Deno exited with ${code} before serving:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
