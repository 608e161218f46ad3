import { DESK } from '../declared-settings/desk-and-backups.ts'
import { parsePasswordHash, type PasswordHash } from './sign-in/password-hash.ts'
import { weakPasswordReason } from './sign-in/password-policy.ts'

/** The lead desk's part of the server's settings (server/settings.ts reads it from here). */
export interface DeskSettings {
  /** Undefined: the lead desk is off and /painel does not exist. */
  password: { kind: 'plain'; value: string } | { kind: 'hash'; value: PasswordHash } | undefined
  /** Leads older than this many days are deleted daily; undefined keeps them. */
  retentionDays: number | undefined
  /**
   * Every sign-in answer, right or wrong, is held until this long after the request came: a
   * guess costs the guesser time, and how long an answer took says nothing about it.
   */
  loginAnswerMs: number
  /** How often the retention purge runs; false turns the timer off (tests). */
  retentionIntervalMs: number | false
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Reads ADMIN_PASSWORD, ADMIN_PASSWORD_HASH and LEADS_RETENTION_DAYS, listing every problem. */
export const readDeskSettings = (
  env: Readonly<Record<string, string | undefined>>,
): { desk: DeskSettings; problems: string[] } => {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw === undefined || raw === '' ? undefined : raw
  }
  let password: DeskSettings['password']
  // Not trimmed: a password may start or end with a space, and must match what is typed.
  const plainText = value('ADMIN_PASSWORD') === undefined ? undefined : env.ADMIN_PASSWORD
  const hashText = value('ADMIN_PASSWORD_HASH')
  if (plainText !== undefined && hashText !== undefined) {
    problems.push('Set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, not both.')
  } else if (hashText !== undefined) {
    const parsed = parsePasswordHash(hashText)
    if ('problem' in parsed) problems.push(`ADMIN_PASSWORD_HASH ${parsed.problem}`)
    else password = { kind: 'hash', value: parsed }
  } else if (plainText !== undefined) {
    const weak = weakPasswordReason(plainText)
    if (weak) problems.push(`ADMIN_PASSWORD ${weak}`)
    else password = { kind: 'plain', value: plainText }
  }

  let retentionDays: number | undefined
  const retentionText = value('LEADS_RETENTION_DAYS')
  const [minDays, maxDays] = DESK.settings.LEADS_RETENTION_DAYS.range
  if (retentionText !== undefined) {
    if (
      !/^\d+$/.test(retentionText) ||
      Number(retentionText) < minDays ||
      Number(retentionText) > maxDays
    ) {
      problems.push(
        `LEADS_RETENTION_DAYS must be a whole number of days from ${minDays} to ${maxDays} (got "${retentionText}").`,
      )
    } else {
      retentionDays = Number(retentionText)
    }
  }
  return {
    desk: { password, retentionDays, loginAnswerMs: 1_000, retentionIntervalMs: DAY_MS },
    problems,
  }
}
