/**
 * A visitor who keeps asking for the landing page, one request after another, noting how long
 * each waited for its answer: what anyone using the site meets while the server works on
 * something else. Stops when told, and lets its last request finish.
 */
export interface VisitorWaits {
  /** Answers so far (status and milliseconds waited). */
  answers(): { status: number; ms: number }[]
  stop(): Promise<{ status: number; ms: number }[]>
}

export const keepVisiting = (siteUrl: string, path = '/'): VisitorWaits => {
  const answers: { status: number; ms: number }[] = []
  let visiting = true
  const loop = (async () => {
    while (visiting) {
      const started = performance.now()
      // A stalled server would hold the request: a minute is far past any stall we allow.
      const response = await fetch(`${siteUrl}${path}`, { signal: AbortSignal.timeout(60_000) })
      await response.arrayBuffer()
      answers.push({ status: response.status, ms: performance.now() - started })
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    answers: () => answers,
    async stop() {
      visiting = false
      await loop
      return answers
    },
  }
}
