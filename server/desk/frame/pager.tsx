/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'

const copy = deskCopy.list

/** Previous and next pages; the page number is the only thing in the URL. */
export const Pager = ({ page, pages }: { page: number; pages: number }) =>
  pages <= 1 ? null : (
    <nav class="pager" aria-label={copy.pager}>
      {page > 1 && (
        <a href={deskPaths.page(page - 1)} rel="prev">
          {copy.previous}
        </a>
      )}
      <span aria-current="page">{copy.pageOf(page, pages)}</span>
      {page < pages && (
        <a href={deskPaths.page(page + 1)} rel="next">
          {copy.next}
        </a>
      )}
    </nav>
  )
