/** @jsxImportSource hono/jsx */
import { layoutCopy } from './layout-copy.ts'
import { VisitorText } from './visitor-text.tsx'

/**
 * A source's key (private.attribution_source: a utm_source, a referring host, '' for direct,
 * '(outras)' past the day's cap) as the company reads it; a real source is visitor text.
 */
export const SourceName = ({ source }: { source: string }) => {
  if (source === '') return <>{layoutCopy.sources.direct}</>
  if (source === '(outras)') return <>{layoutCopy.sources.other}</>
  return <VisitorText text={source} />
}
