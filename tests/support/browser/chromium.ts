import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

// Flags that keep a headless Chromium quiet and offline apart from the pages we open,
// so every request a test sees comes from the page itself.
const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The full browser's flags: its new headless mode, the browser a visitor runs, windowless. */
export const CHROMIUM_ARGS = ['--headless=new', ...QUIET_ARGS]

/**
 * The headless shell's: it is headless by itself, and its glyphs are hinted as the full
 * browser's are here (fontconfig's "slight" on Debian; the shell's own default, "full", sets
 * text a few pixels wider, so a line wraps where a visitor's does not).
 */
const SHELL_ARGS = ['--font-render-hinting=slight', ...QUIET_ARGS]

/**
 * Debian's Chromium unless CHROMIUM_PATH names another; nothing is ever downloaded. The
 * browser a visitor runs: what Lighthouse and the interaction benchmark measure, and what the
 * tests use where they need more than the engine (`fullBrowser`).
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What the tests and `npm run screenshots` drive by default: Debian's chromium-headless-shell,
 * the same Chromium build's engine without the browser around it (no windows, no profile
 * services), which Playwright itself drives by default. A page costs it about a third of the
 * CPU the full browser's new headless mode does (decision 083), on a machine whose two cores a
 * test run keeps busy. CHROMIUM_PATH names another browser for all.
 */
export const testChromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

const argsFor = (executablePath: string) =>
  executablePath.endsWith('chromium-headless-shell') ? SHELL_ARGS : CHROMIUM_ARGS

export interface ChromiumOptions {
  /**
   * Keep pages in the back-forward cache, as a visitor's Chromium does. Playwright turns it
   * off by default, so that going back always loads the page again. Only the full browser has
   * the cache: this launches it.
   */
  backForwardCache?: boolean
  /**
   * The full browser, for what the headless shell lacks (its autofill, say); a benchmark
   * measures it too.
   */
  fullBrowser?: boolean
}

export async function launchChromium({
  backForwardCache = false,
  fullBrowser = backForwardCache,
}: ChromiumOptions = {}): Promise<Browser> {
  const executablePath = fullBrowser ? chromiumPath() : testChromiumPath()
  if (!existsSync(executablePath)) {
    // A browser suite that skips itself proves nothing, so a missing browser is a failure.
    const apt = fullBrowser ? 'chromium' : 'chromium-headless-shell'
    throw new Error(
      `No Chromium found at ${executablePath}. Install one (Debian/Ubuntu: ` +
        `\`sudo apt-get install ${apt}\`) or set CHROMIUM_PATH to a Chromium executable.`,
    )
  }
  return chromium.launch({
    executablePath,
    args: argsFor(executablePath),
    ignoreDefaultArgs: backForwardCache ? ['--disable-back-forward-cache'] : [],
  })
}
