/** @jsxImportSource hono/jsx */
import { layoutCopy } from './layout-copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { DeskDocument } from './desk-document.tsx'

/** What was not found: a lead (the default), a meeting of the agenda, or a page. */
export type MissingThing = 'lead' | 'booking' | 'page'

const errors = layoutCopy.errors
const NOT_FOUND: Record<MissingThing, { title: string; text: string }> = {
  lead: { title: errors.notFoundTitle, text: errors.notFound },
  booking: { title: errors.bookingNotFoundTitle, text: errors.bookingNotFound },
  page: { title: errors.pageNotFoundTitle, text: errors.pageNotFound },
}

const REFUSED = {
  403: { title: errors.forbiddenTitle, text: errors.forbidden },
  503: { title: errors.databaseDownTitle, text: errors.databaseDown },
}

/** A refused or missing page (or the database away), with a way back to the list or agenda. */
export const ErrorPage = ({
  status,
  csrfToken,
  missing = 'lead',
}: {
  status: 403 | 404 | 503
  csrfToken?: string
  missing?: MissingThing
}) => {
  const text = status === 404 ? NOT_FOUND[missing] : REFUSED[status]
  const inAgenda = status === 404 && missing === 'booking'
  return (
    <DeskDocument title={text.title} csrfToken={csrfToken}>
      <h1>{text.title}</h1>
      <p>{text.text}</p>
      <p>
        {inAgenda ? (
          <a href={deskPaths.agenda}>{layoutCopy.back.agenda}</a>
        ) : (
          <a href={deskPaths.leads}>{layoutCopy.back.leads}</a>
        )}
      </p>
    </DeskDocument>
  )
}
