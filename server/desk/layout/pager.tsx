/** @jsxImportSource hono/jsx */
import { layoutCopy } from './layout-copy.ts'
import { deskPaths } from '../desk-paths.ts'

const copy = layoutCopy.pager

interface PagerProps {
  page: number
  pages: number
  /** Where each page is (the list of leads unless told otherwise) and the pager's name. */
  href?: (page: number) => string
  label?: string
}

/** Previous and next pages; the page number is the only thing in the URL. */
export const Pager = ({ page, pages, href = deskPaths.page, label = copy.label }: PagerProps) =>
  pages <= 1 ? null : (
    <nav class="pager" aria-label={label}>
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          {copy.previous}
        </a>
      )}
      <span aria-current="page">{copy.pageOf(page, pages)}</span>
      {page < pages && (
        <a href={href(page + 1)} rel="next">
          {copy.next}
        </a>
      )}
    </nav>
  )
