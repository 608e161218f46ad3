import { readFile } from 'node:fs/promises'

/** A unit file's settings: section → key → every value it was given, in order. */
export type Unit = Record<string, Record<string, string[]>>

/** Reads a systemd unit as systemd does for the keys these tests use (no line continuations). */
export const readUnit = async (file: string): Promise<Unit> => {
  const unit: Unit = {}
  let section = ''
  for (const raw of (await readFile(file, 'utf8')).split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const header = /^\[(.+)\]$/.exec(line)
    if (header) {
      section = header[1] ?? ''
      unit[section] ??= {}
      continue
    }
    const [key = '', ...rest] = line.split('=')
    const values = ((unit[section] ??= {})[key.trim()] ??= [])
    values.push(rest.join('=').trim())
  }
  return unit
}

/** The one value of a key, or a failure naming it. */
export const unitValue = (unit: Unit, section: string, key: string): string => {
  const value = unit[section]?.[key]?.at(-1)
  if (value === undefined) throw new Error(`The unit has no ${key}= in [${section}]`)
  return value
}

/**
 * Environment=A=1 B=2 lines as systemd reads them (space-separated assignments, no quotes
 * used here), with the specifiers these units use replaced: %i (the instance), %S (the root
 * of state folders, /var/lib for the system manager).
 */
export const unitEnvironment = (
  unit: Unit,
  specifiers: { i: string; S: string },
): Record<string, string> => {
  const expand = (text: string) =>
    text.replace(/%([iS])/g, (_, letter: 'i' | 'S') => specifiers[letter])
  const environment: Record<string, string> = {}
  for (const line of unit.Service?.Environment ?? []) {
    for (const assignment of line.split(/\s+/)) {
      const [name = '', ...value] = expand(assignment).split('=')
      environment[name] = value.join('=')
    }
  }
  return environment
}

/** What systemd gives a system service as PATH when the unit sets none. */
export const SYSTEMD_DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin'
