import { callKeys } from './call-keys.ts'

/**
 * One caller's calls in progress at once, on this server (decisions 040, 058): at most
 * `perCaller` per address (an IPv4 address, an IPv6 /64), and at most `perNetwork` for all the
 * /64s of one /56, and of one /48, together; the others wait their turn in their own line. A
 * flood's burst of admitted calls then waits behind itself, not in the database's queue ahead
 * of every other visitor's call, even when each of its calls comes from a new /64: whatever one
 * network sends, another's call waits for at most `perNetwork` of its calls. Two per address,
 * so that a page's own calls made together (its free times and its page view) need not wait;
 * four per network, so that two devices of one home need not either.
 */

export const DEFAULT_CALLS_AT_ONCE = 2

export const DEFAULT_NETWORK_CALLS_AT_ONCE = 4

export interface CallerQueues {
  /**
   * Resolves when this caller may start a call (its place taken in its address's line, then in
   * its /56's and its /48's); call the returned function when it ends.
   */
  enter(key: string | null): Promise<() => void>
  /** Lines with a call in progress or waiting. */
  readonly size: number
}

export const createCallerQueues = (
  perCaller = DEFAULT_CALLS_AT_ONCE,
  perNetwork = DEFAULT_NETWORK_CALLS_AT_ONCE,
): CallerQueues => {
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

  const enterOne = async (id: string, places: number) => {
    let line = lines.get(id)
    if (!line) {
      line = { running: 0, waiting: [] }
      lines.set(id, line)
    }
    if (line.running < places) {
      line.running += 1
    } else {
      // The call that leaves hands its place over: `running` stays as it is.
      await new Promise<void>((resolve) => line?.waiting.push(resolve))
    }
  }

  return {
    async enter(key) {
      const entered: string[] = []
      // Always narrowest first, so two calls never hold places the other waits for.
      for (const { key: id, level } of callKeys(key)) {
        await enterOne(id, level === 'home' || level === 'site' ? perNetwork : perCaller)
        entered.push(id)
      }
      let left = false
      return () => {
        if (left) return
        left = true
        for (const id of entered.reverse()) leave(id)
      }
    },
    get size() {
      return lines.size
    },
  }
}
