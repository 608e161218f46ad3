import type { BrowserContextOptions, Page } from 'playwright-core'
import type { E2eSession } from './session.ts'

/**
 * One page per device for a whole file, loaded once at `path`, for tests that only read what
 * it shows (sizes, colours, positions): a context and a load of the landing page cost about
 * 0.7 CPU-s, which such tests would otherwise pay each. A test that types, taps or scrolls
 * opens its own page with `session.open`, so no test sees what another did.
 */
export function useLoadedPages(
  session: E2eSession,
  path: string,
): (device: BrowserContextOptions) => Promise<Page> {
  const pages = new Map<BrowserContextOptions, Promise<Page>>()

  const load = async (device: BrowserContextOptions): Promise<Page> => {
    const { page } = await session.openForFile(device)
    await page.goto(path)
    return page
  }

  return (device) => {
    const opened = pages.get(device) ?? load(device)
    pages.set(device, opened)
    return opened
  }
}
