/**
 * What a deployment runs: the output of `npm run build` in a folder of its own, with only the
 * production dependencies installed, started with plain `node`. It must serve the page, store
 * a submission and mail it. (npm test builds before this runs; alone: `npm run build` first.)
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'

const run = promisify(execFile)
const SHIPPED = ['package.json', 'package-lock.json', 'dist', 'dist-server', 'supabase/migrations']

let folder: string
let smtp: SmtpCatcher
let server: ReturnType<typeof spawn> | undefined
let output = ''

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

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await smtp?.stop()
  await rm(folder, { recursive: true, force: true })
})

const startBuiltServer = () =>
  new Promise<string>((resolve, reject) => {
    server = spawn(process.execPath, ['dist-server/server.js'], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        DATA_DIR: path.join(folder, 'data'),
        SMTP_URL: smtp.url,
        CONTACT_TO: 'leads@aurora.test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /Site running at (http:\/\/\S+)/.exec(output)?.[1]
      if (url) resolve(url)
    }
    server.stdout?.on('data', collect)
    server.stderr?.on('data', collect)
    server.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)))
    setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000)
  })

it('installs without the build tools, and the built server serves, stores and mails, with and without script', async () => {
  const installed = await readdir(path.join(folder, 'node_modules'))
  for (const tool of ['vite', 'esbuild', 'tsx', 'typescript', 'react']) {
    expect(installed, `${tool} is a build-time dependency`).not.toContain(tool)
  }

  const url = await startBuiltServer()
  const page = await fetch(`${url}/`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Transformamos')

  const lead = {
    name: 'Ana Produção',
    email: 'ana.producao@example.com',
    company: null,
    message: 'Instalação só com dependências de produção.',
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
}, 120_000)
