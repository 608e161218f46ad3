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
  const node = await axNode(page, control)
  const expanded = node?.properties?.find((property) => property.name === 'expanded')
  return typeof expanded?.value.value === 'boolean' ? expanded.value.value : undefined
}

/** The name Chromium gives an element in its accessibility tree: what a screen reader says. */
export async function nameForScreenReaders(page: Page, element: Locator): Promise<string> {
  const node = await axNode(page, element)
  return String(node?.name?.value ?? '')
}

/** The element's node in Chromium's accessibility tree. */
async function axNode(page: Page, element: Locator) {
  const cdp = await page.context().newCDPSession(page)
  await element.evaluate((el) => el.setAttribute('data-ax-probe', ''))
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
    return nodes[0]
  } finally {
    await element.evaluate((el) => el.removeAttribute('data-ax-probe'))
    await cdp.detach()
  }
}
