import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from './app/app.tsx'

export { defaultSiteUrl } from './content/site.ts'
export { renderHeadTags, renderRobotsTxt, renderSitemapXml } from './lib/head-tags.ts'
export { prerenderTargets } from './routes.ts'

/** Renders one URL to HTML; only the build's prerender step calls this. */
export function renderPage(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  )
}
