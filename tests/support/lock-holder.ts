import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { buildSync } from 'esbuild'

export interface HolderEvent {
  event: 'waiting' | 'locked' | 'refused' | 'lost'
  pid: number
  message?: string
}

/** A separate process holding (or trying to take) a data folder's lock, as a server would. */
export interface LockHolder {
  /** The process's PID as seen from here (its own may differ in another PID namespace). */
  pid: number
  events: HolderEvent[]
  /** The first event of this kind; fails if the process ends without it. */
  next(event: HolderEvent['event']): Promise<HolderEvent>
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
  /** Closes its stdin: it releases the lock and exits. */
  finish(): Promise<number | string>
  signal(name: NodeJS.Signals): void
}

const source = path.resolve(import.meta.dirname, 'hold-data-dir-lock.ts')
let bundle: { dir: string; script: string } | undefined

/**
 * The holder and the lock code it runs, bundled into one plain JavaScript file in a folder of
 * its own that every user may read. A holder started as another user cannot read this
 * checkout when it sits in a private folder (under /root, in a `mktemp -d` folder); the node
 * binary itself is world-readable, so the bundle is all it needs. Made once per test file.
 */
const holderScript = (): string => {
  if (bundle) return bundle.script
  const dir = mkdtempSync(path.join(tmpdir(), 'lock-holder-'))
  const script = path.join(dir, 'hold-data-dir-lock.mjs')
  buildSync({
    entryPoints: [source],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  })
  chmodSync(dir, 0o755)
  chmodSync(script, 0o644)
  bundle = { dir, script }
  return script
}

/** Removes the bundled holder; call it once the file's holders have all ended. */
export const removeLockHolderBundle = () => {
  if (bundle) rmSync(bundle.dir, { recursive: true, force: true })
  bundle = undefined
}

/**
 * Runs the holder in new Linux namespaces, as a container does. Without root a user namespace
 * grants the right, where the kernel allows it; where nothing does, the test fails saying so.
 */
const unshare = (flags: string[], purpose: string): string[] => {
  const asRoot = process.getuid?.() === 0
  const command = ['unshare', ...(asRoot ? [] : ['--user', '--map-root-user']), ...flags]
  const probe = spawnSync(command[0] ?? 'unshare', [...command.slice(1), 'true'], {
    encoding: 'utf8',
  })
  if (probe.status !== 0) {
    throw new Error(
      `This test ${purpose}, and \`${command.join(' ')} true\` failed ` +
        `(${probe.error?.message ?? probe.stderr.trim()}). Run the tests as root on Linux ` +
        'with util-linux installed, as CI does.',
    )
  }
  return command
}

/** --kill-child makes a SIGKILL of unshare reach its PID 1 process too. */
const asPidOne = () =>
  unshare(
    ['--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL'],
    'runs a server as PID 1 of a new PID namespace, as a container does',
  )

const withFolderReadOnly = (folder: string) => [
  ...unshare(['--mount', '--propagation', 'private'], 'mounts the data folder read-only'),
  ...['sh', '-c', 'mount -o bind,ro "$0" "$0" && exec "$@"', folder],
]

export const startLockHolder = (
  folder: string,
  leaseMs: number,
  where: { pidNamespace?: boolean; readOnlyFolder?: boolean; uid?: number } = {},
): LockHolder => {
  const node = [process.execPath, holderScript(), folder, String(leaseMs)]
  const [command = '', ...args] = [
    ...(where.pidNamespace ? asPidOne() : []),
    ...(where.readOnlyFolder ? withFolderReadOnly(folder) : []),
    ...node,
  ]
  const child = spawn(command, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(where.uid === undefined ? {} : { uid: where.uid, gid: where.uid }),
  })
  const events: HolderEvent[] = []
  const waiters = new Set<() => void>()
  createInterface({ input: child.stdout }).on('line', (line) => {
    events.push(JSON.parse(line) as HolderEvent)
    for (const wake of waiters) wake()
  })
  let ended = false
  // 'close', not 'exit': the last lines of its output may still be on their way at exit.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => {
      ended = true
      resolve(code ?? signal ?? 'unknown')
      for (const wake of waiters) wake()
    }),
  )

  const next = (kind: HolderEvent['event']) =>
    new Promise<HolderEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find((event) => event.event === kind)
        if (found) resolve(found)
        else if (ended)
          reject(new Error(`The holder ended without "${kind}": ${JSON.stringify(events)}`))
        else return
        waiters.delete(check)
      }
      waiters.add(check)
      check()
    })

  return {
    pid: child.pid ?? 0,
    events,
    next,
    exited,
    finish() {
      child.stdin.end()
      return exited
    },
    signal(name) {
      child.kill(name)
    },
  }
}
