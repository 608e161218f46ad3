/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { DeskDocument } from './desk-document.tsx'

const TEXTS = {
  403: { title: deskCopy.errors.forbiddenTitle, text: deskCopy.errors.forbidden },
  404: { title: deskCopy.errors.notFoundTitle, text: deskCopy.errors.notFound },
} as const

/** A refused or missing page, with a way back to the list. */
export const ErrorPage = ({ status, csrfToken }: { status: 403 | 404; csrfToken?: string }) => (
  <DeskDocument title={TEXTS[status].title} csrfToken={csrfToken}>
    <h1>{TEXTS[status].title}</h1>
    <p>{TEXTS[status].text}</p>
    <p>
      <a href={deskPaths.leads}>{deskCopy.lead.back}</a>
    </p>
  </DeskDocument>
)
