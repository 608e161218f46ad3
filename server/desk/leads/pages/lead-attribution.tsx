/** @jsxImportSource hono/jsx */
import { ATTRIBUTION_FIELDS, type Attribution } from '#shared/contact/attribution.ts'
import { leadsCopy } from '../leads-copy.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'

const copy = leadsCopy.lead

/**
 * Where the visitor came from (decision 033). Every value arrived in an address the visitor
 * (or whoever wrote the link) chose, so each is shown as visitor text, isolated and with
 * invisible characters marked.
 */
export const LeadAttribution = ({ attribution }: { attribution: Attribution }) => {
  const known = ATTRIBUTION_FIELDS.filter((name) => attribution[name] !== undefined)
  return (
    <section class="panel" aria-labelledby="origem-do-contato">
      <h2 id="origem-do-contato">{copy.attributionHeading}</h2>
      {known.length === 0 ? (
        <p>{copy.attributionNone}</p>
      ) : (
        <dl class="facts">
          {known.map((name) => (
            <>
              <dt>{copy.attribution[name]}</dt>
              <dd>
                <VisitorText text={attribution[name] ?? ''} />
              </dd>
            </>
          ))}
        </dl>
      )}
    </section>
  )
}
