/**
 * What a server refuses, or warns about, at start, with real parts: the built server
 * (`node dist-server/server.js`) in an install folder of its own for the site's key, an edited
 * released migration, a newer database and the start-up lines; the server in this process on a
 * real data folder and SMTP server for production without SMTP_URL; a real PostgreSQL 15 and
 * a user that is not a superuser for the database's privileges. (npm test builds first; alone:
 * `npm run build`.)
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import {
  appendFile,
  cp,
  mkdtemp,
  readFile,
  readdir,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoFactsInUse } from '../../server/demo-facts.ts'
import { createJsonLogger } from '../../server/log.ts'
import { MAIL_OFF_REASON } from '../../server/mail/mail-off.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer } from '../../server/start-server.ts'
import { createDeskClient } from '../support/desk-client.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { builtServerEnv, TEST_SERVER_NODE_FLAGS } from '../support/built-server.ts'

const run = promisify(execFile)
const folders: string[] = []
const temporaryFolder = async (prefix: string) => {
  const folder = await mkdtemp(path.join(tmpdir(), prefix))
  folders.push(folder)
  return folder
}

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

const lead = (tag: string) => ({
  name: `Ana ${tag}`,
  email: `ana.${tag}@example.com`,
  company: null,
  message: `Quero um site (${tag}).`,
})

const insert = (url: string, body: object, key = DEV_ANON_KEY) =>
  fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the built server, as deployed', () => {
  let install: string

  beforeAll(async () => {
    for (const built of ['dist/index.html', 'dist-server/server.js']) {
      if (!existsSync(path.join(ROOT_DIR, built))) {
        throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`)
      }
    }
    // What a deployment ships, its packages linked rather than installed.
    install = await temporaryFolder('guardrails-install-')
    for (const entry of ['package.json', 'dist', 'dist-server', 'supabase/migrations']) {
      await cp(path.join(ROOT_DIR, entry), path.join(install, entry), { recursive: true })
    }
    await cp(
      path.join(ROOT_DIR, 'scripts/build-if-needed.js'),
      path.join(install, 'scripts/build-if-needed.js'),
    )
    await symlink(path.join(ROOT_DIR, 'node_modules'), path.join(install, 'node_modules'))
  })

  /** Starts it; resolves once it serves (its URL and output) or when it exits (its code). */
  interface Started {
    url?: string
    code?: number | null
    /** Everything it wrote so far, stdout and stderr. */
    readonly output: string
    stop(): Promise<void>
  }
  const start = (env: Record<string, string>) =>
    new Promise<Started>((resolve) => {
      const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'dist-server/server.js'], {
        cwd: install,
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          ...builtServerEnv(),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      const exited = new Promise<number | null>((done) => child.once('exit', done))
      const stop = async () => {
        if (child.exitCode === null) child.kill('SIGTERM')
        await exited
      }
      const collect = (chunk: Buffer) => {
        output += chunk.toString()
        const url = /Site running at (http:\/\/\S+)/.exec(output)?.[1]
        // The lines after the first one are written at once; give them a moment to arrive.
        if (url && /Lead desk/.test(output)) {
          resolve({
            url,
            stop,
            get output() {
              return output
            },
          })
        }
      }
      child.stdout.on('data', collect)
      child.stderr.on('data', collect)
      void exited.then((code) =>
        resolve({
          code,
          stop,
          get output() {
            return output
          },
        }),
      )
    })

  it('refuses a site built with another key than the one it accepts, and says how to rebuild', async () => {
    // The build records the key it wrote into every page.
    const info = JSON.parse(await readFile(path.join(install, 'dist-server/build.json'), 'utf8'))
    expect(info.backend).toEqual({ url: '/', anonKey: DEV_ANON_KEY })
    const assets = path.join(install, 'dist/assets')
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'))
    const texts = await Promise.all(
      scripts.map((name) => readFile(path.join(assets, name), 'utf8')),
    )
    expect(texts.some((text) => text.includes(DEV_ANON_KEY))).toBe(true)
    const data = await temporaryFolder('guardrails-data-')
    const refused = await start({ DATA_DIR: data, SUPABASE_ANON_KEY: 'sb_publishable_other' })
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(
      `Cannot start: the site in dist/ was built to send the key "${DEV_ANON_KEY}", and this server accepts "sb_publishable_other" (SUPABASE_ANON_KEY).`,
    )
    expect(refused.output).toContain(
      "rebuild the site with this server's key: SUPABASE_ANON_KEY=sb_publishable_other npm run build",
    )

    // Built with a key, started without it: what used to answer every form with 401.
    await writeFile(
      path.join(install, 'dist-server/build.json'),
      JSON.stringify({ backend: { url: '/', anonKey: 'sb_publishable_built' } }),
    )
    try {
      const without = await start({ DATA_DIR: data })
      expect(without.code).toBe(1)
      expect(without.output).toContain(
        `the site in dist/ was built to send the key "sb_publishable_built", and this server accepts "${DEV_ANON_KEY}" (the development key: SUPABASE_ANON_KEY is not set).`,
      )
      expect(without.output).toContain(
        '- start the server with the key the site carries: SUPABASE_ANON_KEY=sb_publishable_built',
      )
      // npm start rebuilds rather than serve it (scripts/build-if-needed.js, as npm start runs it).
      const { stdout } = await run(
        process.execPath,
        [
          '--input-type=module',
          '--eval',
          "console.log(String((await import('./scripts/build-if-needed.js')).whyBuild()))",
        ],
        { cwd: install, env: { PATH: process.env.PATH } },
      )
      expect(stdout.trim()).toBe(
        'the last build carries another key than the development one, and SUPABASE_ANON_KEY is not set',
      )
      // With the key it carries, the server starts and takes the form.
      const matching = await start({ DATA_DIR: data, SUPABASE_ANON_KEY: 'sb_publishable_built' })
      try {
        expect((await insert(matching.url ?? '', lead('key'), 'sb_publishable_built')).status).toBe(
          201,
        )
      } finally {
        await matching.stop()
      }
    } finally {
      await writeFile(
        path.join(install, 'dist-server/build.json'),
        `${JSON.stringify(info, null, 2)}\n`,
      )
    }
  }, 120_000)

  it('prints where it listens and its public address, then refuses an edited released migration and a database a newer version migrated', async () => {
    // One data folder through what an operator meets in turn; each refusal leaves it as it was.
    const data = await temporaryFolder('guardrails-data-')
    const manifest = path.join(install, 'package.json')
    const ours = await readFile(manifest, 'utf8')
    const version = JSON.parse(ours).version as string
    // The demo company's facts in production (this copy's, if it still has any): refused, each
    // named, until the company puts in its own or says the site is a demonstration.
    const demo = demoFactsInUse()
    if (demo.length > 0) {
      const refused = await start({ DATA_DIR: data, NODE_ENV: 'production' })
      expect(refused.code).toBe(1)
      expect(refused.output).toContain("- NODE_ENV=production with the demo company's facts")
      for (const { fact, value } of demo) expect(refused.output).toContain(`${fact} = "${value}"`)
    }
    const first = await start({
      DATA_DIR: data,
      SITE_URL: 'https://www.exemplo.com.br',
      NODE_ENV: 'production',
      DEMO_SITE: 'true',
    })
    await first.stop()
    expect(first.output).toMatch(
      new RegExp(
        `Site running at http://127\\.0\\.0\\.1:\\d+ \\(version ${version.replaceAll('.', '\\.')}; public address https://www\\.exemplo\\.com\\.br; database: PGlite in ${data}; mail: off \\(no SMTP_URL\\)\\)`,
      ),
    )
    expect(first.output).toContain(
      'Warning: no SMTP_URL in production, so no e-mail leaves this server.',
    )
    // An https:// address in front of a plain-HTTP server is a proxy: its visitors would all
    // be one "unknown" caller.
    expect(first.output).toContain(
      'Warning: TRUST_PROXY is not set, yet SITE_URL is https://www.exemplo.com.br',
    )

    // A fix written into a released migration.
    const file = path.join(install, 'supabase/migrations/20261126000300_lead_tallies.sql')
    const released = await readFile(file, 'utf8')
    await appendFile(file, '\n-- a fix written into the released file\n')
    try {
      const refused = await start({ DATA_DIR: data })
      expect(refused.code).toBe(1)
      expect(refused.output).toContain(
        'Cannot start: a migration this database has run has changed since:\n- supabase/migrations/20261126000300_lead_tallies.sql: applied ',
      )
      expect(refused.output).toContain('Put the change in a new migration file')
    } finally {
      await writeFile(file, released)
    }

    // A later version: one more migration, and its version number. Then this one again.
    const later = path.join(install, 'supabase/migrations/20991231000000_from_a_later_version.sql')
    await writeFile(later, 'create table private.from_a_later_version (id integer);\n')
    await writeFile(manifest, ours.replace(/"version": "[^"]+"/, '"version": "9.1.0"'))
    try {
      const newer = await start({ DATA_DIR: data })
      expect(newer.output).toContain('(version 9.1.0;')
      await newer.stop()
    } finally {
      await rm(later)
      await writeFile(manifest, ours)
    }
    const older = await start({ DATA_DIR: data })
    expect(older.code).toBe(1)
    expect(older.output).toContain(
      `Cannot start: this database is newer than this server. It has a migration this server (version ${version}) does not have: 20991231000000_from_a_later_version.sql, applied by version 9.1.0. Run version 9.1.0 or later on it`,
    )
  }, 180_000)
})

describe('a production server without SMTP_URL', () => {
  let smtp: SmtpCatcher

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
  })

  afterAll(async () => {
    await smtp?.stop()
  })

  it('never marks a lead sent, says so in the desk, writes no file, and sends what waited once SMTP_URL is set', async () => {
    const data = await temporaryFolder('guardrails-mail-')
    const env = {
      NODE_ENV: 'production',
      DEMO_SITE: 'true',
      DATA_DIR: data,
      ADMIN_PASSWORD: 'correto cavalo bateria grampo',
    }
    const off = await startServer(testSettings({ ...env, PORT: '0' }, { mailSweepIntervalMs: 200 }))
    const ana = lead('off')
    try {
      expect((await insert(off.url, ana)).status).toBe(201)
      // What the site does next: ask for the e-mail. Nothing is sent, and it says so.
      const asked = await fetch(`${off.url}/functions/v1/send-contact-email`, {
        method: 'POST',
        headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(ana),
      })
      expect(asked.status).toBe(502)
      const { rows } = await off.db.query<{ notified_at: Date | null; notify_error: string }>(
        'select notified_at, notify_error from public.contact_submissions where email = $1',
        [ana.email],
      )
      expect(rows).toEqual([{ notified_at: null, notify_error: MAIL_OFF_REASON }])
      const desk = createDeskClient((pathname, init) => fetch(`${off.url}${pathname}`, init))
      expect((await desk.signIn(env.ADMIN_PASSWORD)).status).toBe(303)
      const list = await (await desk.request('/painel/contatos')).text()
      expect(list).toContain('E-mail desligado: este servidor não tem SMTP_URL')
      expect(list).toContain(ana.name)
      expect(list).not.toMatch(/badge-enviado/)
      expect(list).toContain(MAIL_OFF_REASON)
      const overview = await (await desk.request('/painel')).text()
      expect(overview).toContain('E-mail desligado: este servidor não tem SMTP_URL')
    } finally {
      await off.stop()
    }
    expect(await readdir(data)).not.toContain('outbox')
    expect(smtp.messages).toHaveLength(0)

    // Yesterday's lead, as an operator finds it when they set SMTP_URL.
    const { openPgliteDatabase } = await import('../../server/db/pglite.ts')
    const folder = await openPgliteDatabase(path.join(data, 'pglite'))
    await folder.query(
      `update public.contact_submissions set created_at = now() - interval '1 day' where email = $1`,
      [ana.email],
    )
    await folder.close()
    const logLines: string[] = []
    const on = await startServer(
      testSettings({ ...env, PORT: '0', SMTP_URL: smtp.url }, { mailSweepIntervalMs: 200 }),
      createJsonLogger((line) => logLines.push(line)),
    )
    try {
      await waitFor(
        'the lead that waited to be mailed',
        () => smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === ana.email),
        (mails) => mails.length === 1,
        { timeoutMs: 30_000 },
      )
      expect(logLines.join('\n')).toContain('"event":"mail_held_while_off_released","emails":1')
    } finally {
      await on.stop()
    }
  }, 120_000)
})

describe('a PostgreSQL user that is not a superuser', () => {
  let postgres: PostgresServer
  let admin: pg.Client

  beforeAll(async () => {
    postgres = await startPostgresServer()
    admin = new pg.Client({ connectionString: postgres.url.replace(/\/postgres$/, '/template1') })
    await admin.connect()
    await admin.query('create role site login')
    await admin.query('create database leads owner site')
  }, 60_000)

  afterAll(async () => {
    await admin?.end()
    await postgres?.stop()
  })

  it('is refused with the SQL a DBA runs, and once it has run, owns and runs the site', async () => {
    const databaseUrl = postgres.url.replace(/postgres@/, 'site@').replace(/\/postgres$/, '/leads')
    const settings = testSettings({ DATABASE_URL: databaseUrl, PORT: '0' })
    const refusal = await startServer(settings).then(
      async (server) => {
        await server.stop()
        return 'started'
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    expect(refusal).toBe(
      [
        'Cannot start: the PostgreSQL user "site" in DATABASE_URL (database "leads") lacks what the server needs:',
        '- the roles anon, authenticated, service_role do not exist, and "site" may not create them (it has no CREATEROLE).',
        '- "site" is not a member of anon, which the server becomes for every visitor\'s request (so the database\'s rules decide what a visitor may do).',
        'A database administrator runs, once, as a superuser in database "leads":',
        '  CREATE ROLE anon NOLOGIN NOINHERIT;',
        '  CREATE ROLE authenticated NOLOGIN NOINHERIT;',
        '  CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;',
        '  GRANT anon TO "site";',
        'Then start the server again (docs/deploy.md, "The database user").',
      ].join('\n'),
    )
    // Nothing was created in the database on the way.
    const dba = new pg.Client({ connectionString: postgres.url.replace(/\/postgres$/, '/leads') })
    await dba.connect()
    try {
      const { rows } = await dba.query(
        `select nspname from pg_namespace where nspname in ('private', 'app_private')`,
      )
      expect(rows).toEqual([])
      // The DBA runs exactly what the message says.
      for (const line of refusal.split('\n').filter((text) => text.startsWith('  '))) {
        await dba.query(line.trim())
      }
    } finally {
      await dba.end()
    }
    const server = await startServer(settings)
    try {
      expect((await insert(server.url, lead('site'))).status).toBe(201)
      const { rows } = await server.db.query<{ superuser: boolean; owner: string }>(
        `select r.rolsuper as superuser, pg_get_userbyid(n.nspowner) as owner
           from pg_roles r, pg_namespace n where r.rolname = current_user and n.nspname = 'private'`,
      )
      expect(rows).toEqual([{ superuser: false, owner: 'site' }])
    } finally {
      await server.stop()
    }
  }, 120_000)
})
