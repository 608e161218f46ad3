import { sweepSecretProblem } from './sweep-secret.ts'

type Env = Readonly<Record<string, string | undefined>>

/** SUPABASE_DB_URL, which hosted Supabase provides; when it is missing, problems say so. */
export const readDatabaseUrl = (env: Env, problems: string[]): string | undefined => {
  const databaseUrl = env.SUPABASE_DB_URL?.trim()
  if (!databaseUrl) problems.push('SUPABASE_DB_URL is missing (hosted Supabase provides it).')
  return databaseUrl
}

/**
 * MAIL_SWEEP_SECRET, which pg_cron's calls send: undefined when unset (the calls are then
 * refused), and a secret too weak to keep goes to problems.
 */
export const readSweepSecret = (env: Env, problems: string[]): string | undefined => {
  const sweepSecret = env.MAIL_SWEEP_SECRET?.trim() || undefined
  const secretProblem = sweepSecret === undefined ? null : sweepSecretProblem(sweepSecret)
  if (secretProblem !== null) problems.push(secretProblem)
  return sweepSecret
}
