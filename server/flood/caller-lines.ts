/**
 * One caller's calls in progress at once, on this server (decision 040): at most `perCaller`,
 * the others waiting their turn in the caller's own line. A flood's burst of admitted calls
 * then waits behind itself, not in the database's queue ahead of every other visitor's call:
 * whatever one caller sends, another's call waits for at most `perCaller` of its calls. Two,
 * so that a page's own calls made together (its free times and its page view) need not wait.
 */

export const DEFAULT_CALLS_AT_ONCE = 2

export interface CallerLines {
  /** Resolves when this caller may start a call; call the returned function when it ends. */
  enter(key: string | null): Promise<() => void>
  /** Callers with a call in progress or waiting. */
  readonly size: number
}

export const createCallerLines = (perCaller = DEFAULT_CALLS_AT_ONCE): CallerLines => {
  const lines = new Map<string, { running: number; waiting: (() => void)[] }>()

  const leave = (id: string) => {
    const line = lines.get(id)
    if (!line) return
    const next = line.waiting.shift()
    if (next) {
      next()
      return
    }
    line.running -= 1
    if (line.running === 0) lines.delete(id)
  }

  return {
    async enter(key) {
      const id = key ?? ''
      let line = lines.get(id)
      if (!line) {
        line = { running: 0, waiting: [] }
        lines.set(id, line)
      }
      if (line.running < perCaller) {
        line.running += 1
      } else {
        // The call that leaves hands its place over: `running` stays as it is.
        await new Promise<void>((resolve) => line?.waiting.push(resolve))
      }
      let left = false
      return () => {
        if (left) return
        left = true
        leave(id)
      }
    },
    get size() {
      return lines.size
    },
  }
}
