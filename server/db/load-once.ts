/**
 * A load made once and shared by every request after it, unless it fails: then the next
 * request tries again (the database was away and is back), rather than failing forever.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    })
    return loaded
  }
}
