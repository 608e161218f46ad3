import type { BrowserContextOptions } from 'playwright-core'

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

/** A common laptop/desktop width, wider than DESKTOP. */
export const WIDE_DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } }

/** A touch screen of this size, as a phone's browser reports it. */
export const phoneOfSize = (width: number, height = 844): BrowserContextOptions => ({
  viewport: { width, height },
  isMobile: true,
  hasTouch: true,
})

export const PHONE = phoneOfSize(390, 844)

/** The narrowest screen in wide use: many Android phones are 360 px wide. */
export const SMALL_PHONE = phoneOfSize(360, 800)

/** A large phone: the iPhone Pro Max and Plus models of 2020–2022. */
export const LARGE_PHONE = phoneOfSize(428, 926)

/** The most common Android width (Samsung Galaxy S and A models). */
export const ANDROID_PHONE = phoneOfSize(412, 915)
