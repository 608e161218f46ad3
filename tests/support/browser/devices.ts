import type { BrowserContextOptions } from 'playwright-core'

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

/** A common laptop/desktop width, wider than DESKTOP. */
export const WIDE_DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } }

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}

/** The narrowest screen in wide use: many Android phones are 360 px wide. */
export const SMALL_PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 800 },
  isMobile: true,
  hasTouch: true,
}

/** A large phone: the iPhone Pro Max and Plus models of 2020–2022. */
export const LARGE_PHONE: BrowserContextOptions = {
  viewport: { width: 428, height: 926 },
  isMobile: true,
  hasTouch: true,
}

/** The most common Android width (Samsung Galaxy S and A models). */
export const ANDROID_PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 915 },
  isMobile: true,
  hasTouch: true,
}
