/**
 * What a deployment runs: the output of `npm run build` in a folder of its own, with only the
 * production dependencies installed, started with plain `node` as deploy/systemd/site@.service
 * says, as far as this machine can without systemd running: the unit checked by
 * `systemd-analyze verify`, its user made by `systemd-sysusers` (in a folder of its own), and
 * its command started with its environment, as an unprivileged user, from an install folder it
 * cannot write to. There it must serve the page, store a submission and mail it, with and
 * without script. (The built server without NODE_ENV=production, as `npm start` runs it, is
 * startup-guardrails.test.ts's.)
 * (npm test builds before this runs; alone: `npm run build` first.)
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, chown, cp, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { demoFactsInUse } from '../../server/demo-facts.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { freePort } from '../support/free-port.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import {
  readUnit,
  SYSTEMD_DEFAULT_PATH,
  unitEnvironment,
  unitValue,
} from '../support/systemd-unit.ts'

const run = promisify(execFile)
const SHIPPED = ['package.json', 'package-lock.json', 'dist', 'dist-server', 'supabase/migrations']

let folder: string
let smtp: SmtpCatcher

beforeAll(async () => {
  for (const built of ['dist/index.html', 'dist-server/server.js']) {
    if (!existsSync(path.join(ROOT_DIR, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`)
    }
  }
  folder = await mkdtemp(path.join(tmpdir(), 'production-install-'))
  for (const entry of SHIPPED) {
    await cp(path.join(ROOT_DIR, entry), path.join(folder, entry), { recursive: true })
  }
  // What docs/deploy.md says a deployment runs: exactly the lockfile's versions.
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
  })
  smtp = await startSmtpCatcher()
}, 240_000)

const UNIT = path.join(ROOT_DIR, 'deploy/systemd/site@.service')
const SYSUSERS = path.join(ROOT_DIR, 'deploy/systemd/site.sysusers')

afterAll(async () => {
  await smtp?.stop()
  await rm(folder, { recursive: true, force: true })
})

it('installs without the build tools', async () => {
  const installed = await readdir(path.join(folder, 'node_modules'))
  for (const tool of ['vite', 'esbuild', 'tsx', 'typescript', 'react', 'sharp']) {
    expect(installed, `${tool} is a build-time dependency`).not.toContain(tool)
  }
})

// The install is started once, the way its unit starts it: what a deployment serves, stores and
// mails is that server's, so the page and the form are checked there too.
it('runs as its systemd unit says: checked by systemd, as its own user, writing only to its state folder; serves, stores and mails, with and without script', async () => {
  const scratch = await mkdtemp(path.join(tmpdir(), 'systemd-unit-'))
  try {
    // systemd's own reading of the unit, as an instance: unknown keys, a missing command.
    const units = path.join(scratch, 'units')
    await mkdir(units)
    await cp(UNIT, path.join(units, 'site@.service'))
    const verified = await run('systemd-analyze', ['verify', path.join(units, 'site@8081.service')])
    expect(verified.stderr).toBe('')

    // The user the unit names, made by systemd-sysusers from the file beside it.
    const root = path.join(scratch, 'root')
    await mkdir(path.join(root, 'etc'), { recursive: true })
    await run('systemd-sysusers', [`--root=${root}`, SYSUSERS])
    const passwd = await readFile(path.join(root, 'etc/passwd'), 'utf8')
    const unit = await readUnit(UNIT)
    const user = unitValue(unit, 'Service', 'User')
    expect(passwd).toMatch(
      new RegExp(`^${user}:x:\\d+:\\d+:Site server:/var/lib/site:/usr/sbin/nologin$`, 'm'),
    )
    expect(unitValue(unit, 'Service', 'Group')).toBe(user)

    // The command with the unit's environment, as an unprivileged user (this machine's nobody
    // stands in for the user above). The install folder is root's and read-only to it, as
    // ProtectSystem=strict makes /opt; the state folder is made as StateDirectory= makes it.
    const port = String(await freePort())
    const stateRoot = path.join(scratch, 'var-lib')
    const environment = unitEnvironment(unit, { i: port, S: stateRoot })
    expect(unitValue(unit, 'Service', 'StateDirectory')).toBe('site/%i')
    const dataDir = environment.DATA_DIR ?? ''
    expect(dataDir).toBe(path.join(stateRoot, 'site', port))
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    await chown(dataDir, 65534, 65534)
    // Its parents are root's and open to all, as /var/lib/site is.
    for (const parent of [scratch, stateRoot, path.dirname(dataDir)]) await chmod(parent, 0o755)
    await chmod(folder, 0o755)
    const before = await readdir(folder)
    // What /etc/site.env holds at least (docs/deploy.md (b)).
    const settings = {
      SMTP_URL: smtp.url,
      CONTACT_TO: 'leads@example.com.br',
      // The unit's NODE_ENV=production refuses the demo company's facts (decision 069): this
      // copy runs as the demonstration it is while it still has them.
      ...(demoFactsInUse().length > 0 ? { DEMO_SITE: 'true' } : {}),
    }
    const [command = '', ...args] = unitValue(unit, 'Service', 'ExecStart').split(' ')
    expect(unitValue(unit, 'Service', 'WorkingDirectory')).toBe('/opt/site')
    // As systemd runs ExecStart: the user's uid and gid and no other group, the unit's umask, the
    // command itself as the process (so SIGTERM reaches node).
    const child = spawn(
      'sh',
      ['-c', `umask ${unitValue(unit, 'Service', 'UMask')} && exec "$@"`, 'sh', command, ...args],
      {
        cwd: folder,
        uid: 65534,
        gid: 65534,
        env: { PATH: SYSTEMD_DEFAULT_PATH, ...settings, ...environment },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let log = ''
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const collect = (chunk: Buffer) => {
          log += chunk.toString()
          const found = /Site running at (http:\/\/\S+)/.exec(log)?.[1]
          if (found) resolve(found)
        }
        child.stdout.on('data', collect)
        child.stderr.on('data', collect)
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${log}`)))
      })
      expect(url).toBe(`http://127.0.0.1:${port}`)
      expect(log).toContain('mail: SMTP')
      // As deployed, it warmed its insert path before it listened (WARM_UP_REQUESTS).
      expect(log).toMatch(/"event":"warmed_up","requests":[1-9]/)
      const lead = {
        name: 'Ana Unidade',
        email: 'ana.unidade@example.com',
        company: null,
        message: 'Instalada como o systemd manda.',
      }
      const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }
      const insert = await fetch(`${url}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(lead),
      })
      expect(insert.status).toBe(201)
      const invoke = await fetch(`${url}/functions/v1/send-contact-email`, {
        method: 'POST',
        headers,
        body: JSON.stringify(lead),
      })
      expect(await invoke.json()).toEqual({ ok: true, status: 'sent' })
      expect(smtp.messages.map((mail) => mail.replyTo?.value[0]?.address)).toContain(lead.email)

      const page = await fetch(`${url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Transformamos')
      // The form as a browser posts it without script; a refusal is the built page, filled in.
      const form = (fields: Record<string, string>) =>
        fetch(`${url}/contato`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
          redirect: 'manual',
        })
      const sent = await form({
        name: 'Bia',
        email: 'bia.producao@example.com',
        message: 'Sem script.',
      })
      expect([sent.status, sent.headers.get('location')]).toEqual([303, '/contato/enviada/'])
      const refused = await form({ name: ' ', email: 'cid@example.com', message: '<b>Oi</b>' })
      expect(refused.status).toBe(400)
      const html = await refused.text()
      expect(html).toContain('Erro ao salvar no banco de dados: Informe o seu nome.')
      expect(html).toContain('&lt;b&gt;Oi&lt;/b&gt;</textarea>')
    } finally {
      child.kill('SIGTERM')
    }
    // SIGTERM finishes the requests in flight and exits cleanly.
    expect(await exited).toBe(0)
    expect(await readdir(folder)).toEqual(before)
    const data = await stat(path.join(dataDir, 'pglite'))
    expect([data.uid, data.mode & 0o777]).toEqual([65534, 0o700])
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}, 180_000)
