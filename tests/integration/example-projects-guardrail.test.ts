/**
 * The built server refuses to publish the demo's example projects in production, naming each,
 * as it refuses the demo's facts (decision 078): `node dist-server/server.js` in an install
 * folder of its own, as in startup-guardrails.test.ts, reading what the build recorded in
 * dist-server/build.json. (npm test builds first; alone: `npm run build`.)
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleProjects } from '../../src/content/projects/project-problems.ts'
import { projects } from '../../src/content/projects/index.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { builtServerEnv, TEST_SERVER_NODE_FLAGS } from '../support/built-server.ts'

let install: string
const folders: string[] = []

beforeAll(async () => {
  for (const built of ['dist/index.html', 'dist-server/server.js', 'dist-server/build.json']) {
    if (!existsSync(path.join(ROOT_DIR, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`)
    }
  }
  install = await mkdtemp(path.join(tmpdir(), 'examples-install-'))
  folders.push(install)
  for (const entry of ['package.json', 'dist', 'dist-server', 'supabase/migrations']) {
    await cp(path.join(ROOT_DIR, entry), path.join(install, entry), { recursive: true })
  }
  await symlink(path.join(ROOT_DIR, 'node_modules'), path.join(install, 'node_modules'))
})

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

/** Starts the built server; resolves with its output once it serves (then stops it) or exits. */
const start = async (env: Record<string, string>) => {
  const data = await mkdtemp(path.join(tmpdir(), 'examples-data-'))
  folders.push(data)
  return new Promise<{ code: number | null; output: string; served: boolean }>((resolve) => {
    const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'dist-server/server.js'], {
      cwd: install,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        DATA_DIR: data,
        ...builtServerEnv(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let served = false
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (!served && /Site running at/.test(output) && /Lead desk/.test(output)) {
        served = true
        child.kill('SIGTERM')
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('exit', (code) => resolve({ code, output, served }))
  })
}

describe("the demo's example projects at start", () => {
  it('are recorded by the build, each by its address and title', async () => {
    const info = JSON.parse(await readFile(path.join(install, 'dist-server/build.json'), 'utf8'))
    expect(info.exampleProjects).toEqual(
      exampleProjects(projects).map(({ slug, title }) => ({ slug, title })),
    )
  })

  it('refuse a production start, naming each; a demonstration and a development start go on, warned', async () => {
    const examples = exampleProjects(projects)
    if (examples.length === 0) return
    const refused = await start({ NODE_ENV: 'production' })
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('Cannot start: fix these settings.')
    expect(refused.output).toContain(
      "- NODE_ENV=production with the demo's example projects published: ",
    )
    for (const { slug, title } of examples) {
      expect(refused.output).toContain(`/projetos/${slug} ("${title}")`)
    }

    const demo = await start({ NODE_ENV: 'production', DEMO_SITE: 'true' })
    expect(demo.served, demo.output).toBe(true)
    expect(demo.output).toContain("Warning: The site publishes the demo's example projects")

    const development = await start({})
    expect(development.served, development.output).toBe(true)
    expect(development.output).toContain("Warning: The site publishes the demo's example projects")
  }, 120_000)

  it('are not named once a build publishes none', async () => {
    const file = path.join(install, 'dist-server/build.json')
    const info = JSON.parse(await readFile(file, 'utf8'))
    await writeFile(file, JSON.stringify({ ...info, exampleProjects: [] }))
    const started = await start({ NODE_ENV: 'production' })
    // The demo's facts may still refuse it; the projects are not among the reasons.
    expect(started.output).not.toContain('example projects')
    const development = await start({})
    expect(development.served, development.output).toBe(true)
    expect(development.output).not.toContain('example projects')
  }, 120_000)
})
