/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { VisitorText } from './visitor-text.tsx'

/**
 * A source's key (private.attribution_source: a utm_source, a referring host, '' for direct,
 * '(outras)' past the day's cap) as the company reads it; a real source is visitor text.
 */
export const SourceName = ({ source }: { source: string }) => {
  if (source === '') return <>{deskCopy.overview.direct}</>
  if (source === '(outras)') return <>{deskCopy.overview.otherSources}</>
  return <VisitorText text={source} />
}
