import type { ReactNode } from 'react'
import type { SitePage } from '../components/section-links.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/**
 * Every page's frame: the fixed header, the page's own content as `main` (the skip link's
 * target, focusable but never outlined, and clear of the header's 4 rem), and the footer.
 */
export function PageFrame({ page, children }: { page: SitePage; children: ReactNode }) {
  return (
    <>
      <SiteHeader page={page} />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <SiteFooter page={page} />
    </>
  )
}
