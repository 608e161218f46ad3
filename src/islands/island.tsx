import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { islandIdPrefix, type IslandName } from './island-names.ts'
import { IslandRoot } from './island-root.tsx'

/**
 * Build time only: marks the part of a page that React takes over in the browser. The child is
 * rendered as a root of its own, exactly as `hydrateIsland` hydrates it there: no context from
 * the page around it and its own useId prefix. Rendered inline with the page instead, its
 * markup would depend on where it sits in the page, and the first `useId` in it would break
 * hydration. The rest of the page is plain HTML that no script ever touches.
 */
export function Island({ name, children }: { name: IslandName; children: ReactElement }) {
  const html = renderToString(<IslandRoot>{children}</IslandRoot>, {
    identifierPrefix: islandIdPrefix(name),
  })
  return <div data-island={name} dangerouslySetInnerHTML={{ __html: html }} />
}
