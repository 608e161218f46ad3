/** Answers one refused caller gets from a server per second, at most (REFUSALS_PER_SECOND). */
export const DEFAULT_REFUSALS_PER_SECOND = 20

/** The longest a refusal waits for its turn; past it, it leaves at a random moment. */
export const MAX_REFUSAL_WAIT_MS = 5_000

/**
 * Answers waiting for their turn at once, at most; past it they go out without waiting. Each
 * is an open request and a timer (a few KB); one address holds no more than its connections.
 */
export const MAX_WAITING_REFUSALS = 2_000

export interface RefusalQueueOptions {
  /** 0 answers every refusal at once. */
  perSecond?: number
  maxWaitMs?: number
  maxWaiting?: number
  /** Milliseconds for the turns (performance.now by default); tests use fake timers. */
  now?: () => number
  random?: () => number
}

/**
 * The turns refusals leave in, per caller (decision 027): a flood sends its next request as
 * soon as one is answered, so answering a refused caller at once only makes it faster and
 * keeps the server's one thread busy, however cheap each answer is. One caller's refusals
 * leave one at a time, at most 20 a second: a lone one at once, the others waiting their turn
 * at no cost (an open request and a timer), none more than 5 s (those past it leave at a
 * random moment in the last half, so that they do not all come back together).
 */
export interface RefusalQueue {
  /** Resolves when this caller's next refusal may leave ('' or null: the unknown callers). */
  wait(key: string | null): Promise<void>
}

export const createRefusalQueue = ({
  perSecond = DEFAULT_REFUSALS_PER_SECOND,
  maxWaitMs = MAX_REFUSAL_WAIT_MS,
  maxWaiting = MAX_WAITING_REFUSALS,
  now = () => performance.now(),
  random = Math.random,
}: RefusalQueueOptions = {}): RefusalQueue => {
  const interval = perSecond > 0 ? 1000 / perSecond : 0
  // When each caller's next answer may leave ('' for the unknown callers, one caller).
  const turns = new Map<string, number>()
  let waiting = 0

  const forgetPastTurns = (at: number) => {
    for (const [key, turn] of turns) if (turn <= at) turns.delete(key)
  }

  /** How long this caller's answer waits for its turn. */
  const waitFor = (key: string | null): number => {
    if (interval === 0 || waiting >= maxWaiting) return 0
    const at = now()
    const turn = Math.max(at, turns.get(key ?? '') ?? at)
    if (turn - at > maxWaitMs) return maxWaitMs * (0.5 + random() / 2)
    if (turns.size >= 4 * maxWaiting) forgetPastTurns(at)
    turns.set(key ?? '', turn + interval)
    return turn - at
  }

  return {
    async wait(key) {
      const wait = waitFor(key)
      if (wait <= 0) return
      waiting += 1
      try {
        await new Promise((resolve) => setTimeout(resolve, wait))
      } finally {
        waiting -= 1
      }
    },
  }
}
