import { StrictMode, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { PrivacyPage } from './pages/privacy-page.tsx'
import type { PageKind } from './routes.ts'

export { defaultSiteUrl } from './content/site.ts'
export { renderHeadTags, renderRobotsTxt, renderSitemapXml } from './lib/head-tags.ts'
export { pageRouteFor, pageRoutes } from './routes.ts'

const pageComponents: Record<PageKind, ComponentType> = {
  home: HomePage,
  privacy: PrivacyPage,
  'not-found': NotFoundPage,
}

/**
 * Renders one page to static HTML; only the build's prerender step and the dev server call
 * this. Nothing rendered here runs in the browser except the islands inside it, which
 * hydrate themselves (see src/islands/island.tsx). A component that throws fails the build, so
 * a broken page is never written.
 */
export function renderPage(kind: PageKind): string {
  const Page = pageComponents[kind]
  return renderToString(
    <StrictMode>
      <Page />
    </StrictMode>,
  )
}
