import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

// Flags that keep a headless Chromium quiet and offline apart from the pages we open,
// so every request a test sees comes from the page itself.
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium unless CHROMIUM_PATH names another; nothing is ever downloaded. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface ChromiumOptions {
  /**
   * Keep pages in the back-forward cache, as a visitor's Chromium does. Playwright turns it
   * off by default, so that going back always loads the page again.
   */
  backForwardCache?: boolean
}

export async function launchChromium({
  backForwardCache = false,
}: ChromiumOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!existsSync(executablePath)) {
    // A browser suite that skips itself proves nothing, so a missing browser is a failure.
    throw new Error(
      `No Chromium found at ${executablePath}. Install one (Debian/Ubuntu: ` +
        '`sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium executable.',
    )
  }
  return chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: backForwardCache ? ['--disable-back-forward-cache'] : [],
  })
}
