/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { DELIVERIES, LEAD_STATUSES } from '../leads/lead.ts'
import { SEARCH_LIMIT, type LeadFilter } from '../leads/lead-filter.ts'

const copy = deskCopy.list

/**
 * Posted, never a GET form: the search terms (often a name or an address) then stay out of
 * the URL, the browser history and every log; the session keeps them.
 */
export const LeadFilterForm = ({
  filter,
  csrfToken,
}: {
  filter: LeadFilter
  csrfToken: string
}) => (
  <form method="post" action={deskPaths.filter} class="panel">
    <input type="hidden" name="_csrf" value={csrfToken} />
    <fieldset class="filters">
      <legend>{copy.filterLegend}</legend>
      <div class="field">
        <label for="busca">{copy.search}</label>
        <input
          id="busca"
          name="search"
          type="search"
          value={filter.search}
          maxlength={SEARCH_LIMIT}
          aria-describedby="busca-dica"
        />
        <p id="busca-dica" class="hint">
          {copy.searchHint}
        </p>
      </div>
      <div class="field">
        <label for="situacao">{copy.status}</label>
        <select id="situacao" name="status">
          <option value="todas" selected={filter.status === 'todas'}>
            {copy.all}
          </option>
          {LEAD_STATUSES.map((status) => (
            <option value={status} selected={filter.status === status}>
              {deskCopy.statuses[status]}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="envio">{copy.delivery}</label>
        <select id="envio" name="delivery">
          <option value="todas" selected={filter.delivery === 'todas'}>
            {copy.allDeliveries}
          </option>
          {DELIVERIES.map((delivery) => (
            <option value={delivery} selected={filter.delivery === delivery}>
              {deskCopy.deliveries[delivery]}
            </option>
          ))}
        </select>
      </div>
      <div class="actions">
        <button type="submit">{copy.apply}</button>
        <button type="submit" name="clear" value="1" class="secondary">
          {copy.clear}
        </button>
      </div>
    </fieldset>
  </form>
)
