import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from '../../server/paths.ts'
import { waitFor, type WaitOptions } from './wait.ts'

/** One line of the server's JSON log. */
export interface LogLine {
  time: string
  level: 'info' | 'error'
  event: string
  [field: string]: unknown
}

export interface BuiltServer {
  url: string
  child: ChildProcess
  /** Every JSON line it logged so far (requests included), in order. */
  lines: LogLine[]
  /** Everything it wrote, stdout and stderr. */
  readonly output: string
  /** Its exit code once it has exited; undefined while it runs. */
  readonly exitCode: number | null | undefined
  /** Waits for a logged line with this event (and what `accept` asks of it), and returns it. */
  waitForEvent(
    event: string,
    accept?: (line: LogLine) => boolean,
    options?: WaitOptions,
  ): Promise<LogLine>
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>
}

/**
 * Node's flags for a built server a test starts: V8's baseline WebAssembly compiler only. A test's
 * server lives seconds, in which compiling PGlite's hot functions again with the optimising
 * compiler costs more than it saves (a start, its warm-up and ten requests: 3.6 CPU-s against
 * 5.3, decision 091); what the server does is the same. A deployment keeps V8's defaults, and
 * production-install.test.ts starts the server exactly as deployed.
 */
export const TEST_SERVER_NODE_FLAGS = ['--liftoff-only']

/**
 * The run's migrated PGlite template for a built process's environment: a new data folder it
 * makes is a copy of it instead of initdb and every migration (decision 035). Empty outside
 * Vitest's global setup, where a process makes its folder from nothing.
 */
export const pgliteTemplateEnv = (): Record<string, string> =>
  process.env.PGLITE_TEMPLATE_DIR ? { PGLITE_TEMPLATE_DIR: process.env.PGLITE_TEMPLATE_DIR } : {}

/**
 * What a test's built server adds to its environment: the run's PGlite template, and no
 * warm-up. A deployed server sends 300 refused inserts through its insert path before it
 * listens (WARM_UP_REQUESTS), about 0.75 CPU-s of the 2.7 a test's server start costs, so that
 * its first visitors do not wait for cold code; a test's server has no such visitors. A test's
 * `env` may still set it, and production-install.test.ts starts the server as deployed.
 */
export const builtServerEnv = (): Record<string, string> => ({
  ...pgliteTemplateEnv(),
  WARM_UP_REQUESTS: '0',
})

export const requireBuild = () => {
  for (const built of ['dist/index.html', 'dist-server/server.js']) {
    if (!existsSync(path.join(ROOT_DIR, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`)
    }
  }
}

/**
 * `node dist-server/server.js` in a process of its own, its output piped: only PATH, PORT=0,
 * builtServerEnv() (the run's PGlite template, which a new data folder copies, decision 035; no
 * warm-up) and `env` in its environment, and TEST_SERVER_NODE_FLAGS on Node's command line.
 */
const spawnBuiltServer = (env: Record<string, string>, cwd: string): ChildProcess =>
  spawn(
    process.execPath,
    [...TEST_SERVER_NODE_FLAGS, path.join(ROOT_DIR, 'dist-server', 'server.js')],
    {
      cwd,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        ...builtServerEnv(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )

/**
 * The built server (`node dist-server/server.js`) as deployed, in a process of its own: a
 * test can stop its database under it, kill it, or see whether it lives. Run from `cwd` (the
 * repository by default). Resolves once it listens; rejects with its output if it exits first.
 */
export const startBuiltServer = (env: Record<string, string>, cwd = ROOT_DIR) =>
  new Promise<BuiltServer>((resolve, reject) => {
    const child = spawnBuiltServer(env, cwd)
    let output = ''
    let pending = ''
    let exitCode: number | null | undefined
    const lines: LogLine[] = []
    const exited = new Promise<number | null>((done) =>
      child.once('exit', (code) => {
        exitCode = code
        done(code)
      }),
    )
    const server: BuiltServer = {
      url: '',
      child,
      lines,
      get output() {
        return output
      },
      get exitCode() {
        return exitCode
      },
      waitForEvent: (event, accept = () => true, options = { timeoutMs: 60_000 }) =>
        waitFor(
          `the server to log ${event}`,
          () => {
            if (exitCode !== undefined) {
              throw new Error(`The server exited (${exitCode}) first:\n${output.slice(-3000)}`)
            }
            return lines.find((line) => line.event === event && accept(line))
          },
          (line) => line !== undefined,
          options,
        ) as Promise<LogLine>,
      async stop() {
        if (exitCode === undefined) child.kill('SIGTERM')
        return exited
      },
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        const text = pending.slice(0, end)
        pending = pending.slice(end + 1)
        if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine)
      }
    })
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /Site running at (http:\/\/\S+)/.exec(output)?.[1]
      if (url && !server.url) resolve(Object.assign(server, { url }))
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    void exited.then((code) => reject(new Error(`exited with ${code} before serving:\n${output}`)))
  })
