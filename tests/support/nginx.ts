import { spawn, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { waitFor } from './wait.ts'

/** Debian's nginx unless NGINX_PATH names another; scripts/ensure-system-deps.sh installs it. */
const nginxPath = () => process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/** Where Debian's nginx keeps the file-name → Content-Type table its sites include. */
const MIME_TYPES = '/etc/nginx/mime.types'

export interface RunningNginx {
  /** A certificate and key made for this run, for the site's ssl_certificate lines. */
  certificate: string
  key: string
  /** Loads `site` (a server block file, as deploy/nginx/ holds) and starts serving it. */
  start(site: string, ports: number[]): Promise<void>
  stop(): Promise<void>
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

/**
 * One nginx, as the site's own files configure it, in a folder of its own: one process (no
 * master, no workers under another user), no daemon, its pid, logs and temporary files in that
 * folder, and a self-signed certificate for the TLS lines. Missing nginx is a failure, not a
 * skip: a host file nobody ran proves nothing.
 */
export async function prepareNginx(): Promise<RunningNginx> {
  for (const needed of [nginxPath(), MIME_TYPES]) {
    if (!existsSync(needed)) {
      throw new Error(
        `No ${needed}. Install nginx (Debian/Ubuntu: \`sudo apt-get install nginx\`) ` +
          'or set NGINX_PATH to an nginx executable.',
      )
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nginx-'))
  const certificate = path.join(dir, 'certificate.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      // An EC key: made in milliseconds, where an RSA one takes seconds on a busy machine.
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  )
  let child: ReturnType<typeof spawn> | undefined
  const errorLog = path.join(dir, 'error.log')
  return {
    certificate,
    key,
    async start(site, ports) {
      await writeFile(path.join(dir, 'site.conf'), site)
      await writeFile(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          'master_process off;',
          `pid ${dir}/nginx.pid;`,
          `error_log ${errorLog};`,
          'events { worker_connections 64; }',
          'http {',
          `  include ${MIME_TYPES};`,
          '  default_type application/octet-stream;',
          '  access_log off;',
          // As Debian's nginx.conf has it, so the sites are tried under the same defaults.
          '  gzip on;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
          ),
          `  include ${dir}/site.conf;`,
          '}',
        ].join('\n'),
      )
      const args = ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', errorLog]
      child = spawn(nginxPath(), args, { stdio: 'ignore' })
      let up = false
      const failedToStart = new Promise<never>((_resolve, reject) =>
        child?.once('exit', (code) => {
          if (up) return
          void readFile(errorLog, 'utf8')
            .catch(() => '')
            .then((log) => reject(new Error(`nginx exited with code ${code}:\n${log}`)))
        }),
      )
      try {
        await Promise.race([
          waitFor(
            `nginx to listen on ${ports.join(', ')}`,
            async () => (await Promise.all(ports.map(listening))).every(Boolean),
            Boolean,
            { timeoutMs: 10_000 },
          ),
          failedToStart,
        ])
      } finally {
        // From here on an exit is stop()'s doing, or the test's to find.
        up = true
      }
    },
    async stop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(dir, { recursive: true, force: true })
    },
  }
}
