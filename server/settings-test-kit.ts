import { readSettings } from './settings.ts'

/**
 * What the tests of the settings share: which names the server reads (what .env.example,
 * docs/settings.md and the declarations must all list), and the problems it names for an
 * environment it refuses.
 */

/** Every name readSettings looks up, found by watching it read an empty environment. */
export const namesTheServerReads = (): string[] => {
  const read = new Set<string>()
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    { get: (_target, name) => (typeof name === 'string' && read.add(name), undefined) },
  )
  readSettings(env)
  return [...read].sort()
}

/** The problems readSettings names for an environment; none when it starts with it. */
export const settingProblems = (env: Readonly<Record<string, string>>): string[] => {
  const result = readSettings(env)
  return result.ok ? [] : result.problems
}
