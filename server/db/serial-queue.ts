/**
 * Runs operations one at a time, in the order they were asked for, each starting on a turn of
 * the event loop of its own (setImmediate). PGlite runs on the server's one thread, and its
 * queued transactions, chained by promises, would otherwise run back to back in a single turn:
 * under load every other request, a static page's included, waited for the whole queue
 * (hundreds of milliseconds, docs/benchmarks/floods.md). A turn between two lets the server
 * read and answer what arrived meanwhile, and costs a few microseconds.
 */
export const createSerialQueue = () => {
  let last: Promise<unknown> = Promise.resolve()
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run)
    last = next.catch(() => undefined)
    return next
  }
}
