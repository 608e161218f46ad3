import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'
import { MINIMUM_NODE, nodeVersionProblem } from './node-version.ts'
import { ROOT_DIR } from './paths.ts'

it("refuses Debian 12's Node.js 18 with a message naming the version needed and the one found", () => {
  expect(nodeVersionProblem('v18.19.0', '/usr/bin/node')).toBe(
    `Cannot start: this server needs Node.js ${MINIMUM_NODE} or newer, and /usr/bin/node is v18.19.0. ` +
      'Debian 12\'s own nodejs package is 18: install Node.js 20 or 22 (docs/deploy.md, "Node.js") and start the server with it.',
  )
  expect(nodeVersionProblem('v20.18.3', '/usr/local/bin/node')).toContain('is v20.18.3')
})

it('runs on 20.19 and every version after it', () => {
  for (const version of ['v20.19.0', 'v20.20.2', 'v22.12.0', 'v24.0.0']) {
    expect(nodeVersionProblem(version, 'node')).toBeUndefined()
  }
})

it('asks for the version package.json promises, as npm start does', async () => {
  const manifest = JSON.parse(await readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    engines: { node: string }
  }
  expect(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`).toBe(manifest.engines.node)
  const script = await readFile(path.join(ROOT_DIR, 'scripts/require-supported-node.js'), 'utf8')
  expect(script).toContain(`export const MINIMUM_NODE = '${MINIMUM_NODE}'`)
})
