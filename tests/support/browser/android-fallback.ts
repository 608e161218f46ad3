import type { Page } from 'playwright-core'
import { brand } from '#shared/company/brand.ts'

const family = brand.type.family
const fallbacks = `"${family} Fallback", "${family} Fallback Android"`

/**
 * Shows the page as an Android phone draws it until the brand's font comes: in Roboto, the
 * fallback scaled for Android, which has no Arial (the first fallback, which the machine running
 * the tests has). The page and its stylesheets are served with the Arial fallback left out of
 * the font stack. Roboto must be installed (Debian: fonts-roboto-unhinted, which
 * scripts/ensure-system-deps.sh installs); `androidFallbackDrawn` says when it is not.
 */
export async function showAsOnAndroid(page: Page): Promise<void> {
  await page.route(/\/[^.]*$|\.css$/, async (route) => {
    const response = await route.fetch()
    const type = response.headers()['content-type'] ?? ''
    if (!/text\/(html|css)/.test(type)) return route.fulfill({ response })
    const body = (await response.text()).replaceAll(fallbacks, `"${family} Fallback Android"`)
    await route.fulfill({ response, body })
  })
}

/** Throws unless the page has Roboto for its Android fallback. */
export async function androidFallbackDrawn(page: Page): Promise<void> {
  const loaded = await page.evaluate(async (name) => {
    const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === name)
    const states = await Promise.all(
      faces.map((face) =>
        face.load().then(
          () => true,
          () => false,
        ),
      ),
    )
    return faces.length > 0 && states.every(Boolean)
  }, `${family} Fallback Android`)
  if (!loaded)
    throw new Error(
      'Roboto is not installed, so the page cannot be drawn as on Android: apt-get install fonts-roboto-unhinted',
    )
}
