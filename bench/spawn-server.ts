import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface SpawnedServer {
  url: string
  pid: number
  stop: () => Promise<void>
}

/**
 * Starts the server exactly as `npm start` does, in its own process, so a benchmark measures it
 * without sharing an event loop with the load generator. Each run gets a fresh data folder.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  onLine: (line: string) => void = () => {},
): Promise<SpawnedServer> {
  // BENCH_DATA_DIR reuses a folder (kept afterwards), e.g. to measure a restart, not a first start.
  const kept = process.env.BENCH_DATA_DIR
  const dataDir = kept ?? (await mkdtemp(path.join(tmpdir(), 'bench-data-')))
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  // What `npm start` runs (package.json), minus npm itself: plain node, no TypeScript loader.
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await waitForUrl(child, onLine)
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      if (!kept) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Resolves with the URL the server prints; every later stdout line goes to onLine. */
function waitForUrl(child: ChildProcess, onLine: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = ''
    let url: string | undefined
    const timer = setTimeout(
      () => reject(new Error('The server did not print its URL in 120 s')),
      120_000,
    )
    child.once('exit', (code) => reject(new Error(`The server exited early with code ${code}`)))
    // The server writes one line per request and blocks while the pipe is full, so keep
    // reading (only whole lines are kept) for as long as it runs.
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (url !== undefined) {
          onLine(line)
          continue
        }
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(line)
        if (match) {
          url = match[0]
          clearTimeout(timer)
          resolve(url)
        }
      }
    })
  })
}

/** Resident memory of a process in MB, read from /proc (Linux only, like this benchmark). */
export async function residentMegabytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
