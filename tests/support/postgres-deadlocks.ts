/**
 * What the tests' PostgreSQL servers write before each log line: PostgreSQL's default (the
 * time and the process), then the database's name, so a deadlock on the run's shared server
 * is found in the database of the file that caused it.
 */
export const LOG_LINE_PREFIX = '%m [%p] %d '

const deadlockLine = /^\S+ \S+ \S+ \[(\d+)\] (\S*) ?ERROR: {2}deadlock detected/

/**
 * The deadlocks PostgreSQL broke in a server's log (in one database's sessions when named),
 * each with the lines that say which statements waited for which. Two transactions took the
 * same locks in two orders, and PostgreSQL refused one of them after a second: whatever that
 * statement was doing (a sweep's claim, a send's record) did not happen. Each one is a lock
 * order to fix in the SQL (decision 088).
 */
export const deadlocksIn = (log: string, database?: string): string[] => {
  const lines = log.split('\n')
  const found: string[] = []
  lines.forEach((line, index) => {
    const match = deadlockLine.exec(line)
    if (!match || (database !== undefined && match[2] !== database)) return
    const ownLine = new RegExp(`^\\S+ \\S+ \\S+ \\[${match[1]}\\] `)
    const told = [line]
    for (const next of lines.slice(index + 1)) {
      if (!next.startsWith('\t') && !ownLine.test(next)) break
      told.push(next)
    }
    found.push(told.join('\n'))
  })
  return found
}

/** Throws, naming each one, when a server's log holds a deadlock (of `database`, if named). */
export const refuseDeadlocks = (log: string, where: string, database?: string) => {
  const found = deadlocksIn(log, database)
  if (found.length === 0) return
  throw new Error(
    `PostgreSQL broke ${found.length} deadlock(s) in ${where}: two transactions took the same locks in two orders, and one of them was refused.\n${found.join('\n\n')}`,
  )
}
