import type { BrowserContextOptions } from 'playwright-core'

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}
