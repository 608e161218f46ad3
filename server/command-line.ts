import { readSettings, type Settings } from './settings.ts'

/** A line for the operator, on stderr: stdout is kept for what a command produces. */
export const say = (text: string) => process.stderr.write(`${text}\n`)

/** The settings of the environment, or undefined once it has said which ones to fix. */
export const settingsOrSay = (env: NodeJS.ProcessEnv): Settings | undefined => {
  const result = readSettings(env)
  if (result.ok) return result.settings
  say(`Fix these settings first:\n- ${result.problems.join('\n- ')}`)
  return undefined
}

/**
 * Runs a command's main and ends the process with the code it returns; an error ends it with
 * 1 after its message, without a stack trace for the operator to read through.
 */
export const runCommand = (main: () => Promise<number>) => {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      say(error instanceof Error ? error.message : String(error))
      process.exit(1)
    },
  )
}
