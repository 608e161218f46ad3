/**
 * The one logger every part writes to: the Node server's JSON lines (server/log.ts), an Edge
 * Function's console, or nothing in a test. Lines carry events, ids and counts only: never a
 * visitor's data, a feed's address or a secret.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

export const silentLogger: Logger = { info: () => {}, error: () => {} }

/** An error's message, for a log line; never throws (a thrown value may be anything). */
export const messageOf = (error: unknown): string => {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unknown'
  }
}
