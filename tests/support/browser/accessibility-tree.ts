import type { Locator, Page } from 'playwright-core'

/**
 * Whether the browser tells screen readers that a control is expanded, read from Chromium's
 * accessibility tree (not from an attribute: a popover's toggle is reported expanded by the
 * browser itself, with or without JavaScript). Undefined when it reports no such state.
 */
export async function isExpandedForScreenReaders(
  page: Page,
  control: Locator,
): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page)
  await control.evaluate((element) => element.setAttribute('data-ax-probe', ''))
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-ax-probe]',
    })
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    })
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded')
    return typeof expanded?.value.value === 'boolean' ? expanded.value.value : undefined
  } finally {
    await control.evaluate((element) => element.removeAttribute('data-ax-probe'))
    await cdp.detach()
  }
}
