import type { Browser } from 'playwright-core'
import { launchChromium, type ChromiumOptions } from './chromium.ts'

/**
 * The browser files run one after another in one worker (vite.config.ts), so one Chromium of
 * each kind serves them all: a launch and its first context cost about a CPU-second, 36 times
 * a run (decision 089). A file still starts from nothing it can see: each test opens contexts
 * of its own (no cookies, storage, cache or routes shared), and `releaseChromium` closes what
 * a file left open. The browser ends with the worker (Playwright closes what it launched when
 * its process exits).
 */
const launched = new Map<string, Promise<Browser>>()

export async function sharedChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const backForwardCache = options.backForwardCache ?? false
  const fullBrowser = options.fullBrowser ?? backForwardCache
  const kind = `${fullBrowser ? 'full' : 'shell'} ${backForwardCache ? 'with' : 'without'} bfcache`
  const running = launched.get(kind)
  if (running && (await running.catch(() => undefined))?.isConnected()) return running
  const launching = launchChromium({ backForwardCache, fullBrowser })
  launched.set(kind, launching)
  return launching
}

/** What a file does when it is done with the browser: closes every context it left open. */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
}
