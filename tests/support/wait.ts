export interface WaitOptions {
  timeoutMs?: number
  intervalMs?: number
}

/**
 * Polls `probe` until `accept` holds and returns the accepted value. On timeout it throws with
 * the last value seen, so a failure says what the page looked like, not only that it was wrong.
 * The default deadline is generous (a busy CI machine is slow; a passing wait costs only what
 * it waits), and under the server tests' 30 s limit so the failure says what was awaited.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 100 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T
  for (;;) {
    last = await probe()
    if (accept(last)) return last
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${show(last)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
