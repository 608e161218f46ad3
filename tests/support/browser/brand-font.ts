import type { Page } from 'playwright-core'
import { brand } from '#shared/company/brand.ts'

/**
 * Whether the brand's font is in the page: its face joins the document once the file has
 * loaded (decision 087), added by the page script or else the loader (decision 101), so until
 * then `document.fonts` neither has it nor waits for it.
 */
const brandFaceLoaded = (family: string) =>
  [...document.fonts].some(
    (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
  )

export const hasBrandFont = (page: Page): Promise<boolean> =>
  page.evaluate(brandFaceLoaded, brand.type.family)

/** Resolves once the page is set in the brand's font. */
export async function brandFontApplied(page: Page): Promise<void> {
  await page.waitForFunction(brandFaceLoaded, brand.type.family)
}
