import type { ReactElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { islandIdPrefix } from './island-names.ts'
import { IslandRoot } from './island-root.tsx'
import { keepFormOf } from './kept-form.ts'

/**
 * Takes over one prerendered island (see island.tsx) with the same element it was built from.
 * The page never lets it go; a test unmounts it before its document goes away.
 */
export function hydrateIsland(root: HTMLElement, content: ReactElement): Root {
  return hydrateRoot(root, <IslandRoot keeper={keepFormOf(root)}>{content}</IslandRoot>, {
    identifierPrefix: islandIdPrefix(root.dataset.island ?? ''),
    // React would otherwise only report hydration mismatches as uncaught errors; log them plainly.
    onRecoverableError: (error, info) =>
      console.error('Recoverable hydration error', error, info.componentStack),
  })
}
