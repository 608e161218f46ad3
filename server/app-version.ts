import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from './paths.ts'

/**
 * This code's version, as package.json says (semantic versioning; CHANGELOG.md says what each
 * one changed). The migration ledger records it beside each migration it applies, so an older
 * server can say which version a database needs (server/db/migrate.ts).
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }
).version

/** Orders two versions like 1.10.0 > 1.9.2; a pre-release sorts before its release. */
export const compareVersions = (a: string, b: string): number => {
  const parse = (version: string) => {
    const [core = '', pre] = version.split('-', 2)
    return { parts: core.split('.').map((part) => Number(part) || 0), pre }
  }
  const left = parse(a)
  const right = parse(b)
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  if (left.pre === right.pre) return 0
  if (left.pre === undefined) return 1
  if (right.pre === undefined) return -1
  return left.pre < right.pre ? -1 : 1
}
