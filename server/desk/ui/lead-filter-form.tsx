/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { DELIVERIES, LEAD_STATUSES } from '../leads/lead.ts'
import { SEARCH_LIMIT, type LeadFilter } from '../leads/lead-filter.ts'

const copy = deskCopy.list

/** One filter: 'todas' (every value) or one of `options`, each shown by its name. */
const FilterSelect = <Value extends string>(props: {
  id: string
  name: string
  label: string
  allLabel: string
  options: readonly Value[]
  names: Record<Value, string>
  selected: Value | 'todas'
}) => (
  <div class="field">
    <label for={props.id}>{props.label}</label>
    <select id={props.id} name={props.name}>
      <option value="todas" selected={props.selected === 'todas'}>
        {props.allLabel}
      </option>
      {props.options.map((option) => (
        <option value={option} selected={props.selected === option}>
          {props.names[option]}
        </option>
      ))}
    </select>
  </div>
)

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
      <FilterSelect
        id="situacao"
        name="status"
        label={copy.status}
        allLabel={copy.all}
        options={LEAD_STATUSES}
        names={deskCopy.statuses}
        selected={filter.status}
      />
      <FilterSelect
        id="envio"
        name="delivery"
        label={copy.delivery}
        allLabel={copy.allDeliveries}
        options={DELIVERIES}
        names={deskCopy.deliveries}
        selected={filter.delivery}
      />
      <div class="actions">
        <button type="submit">{copy.apply}</button>
        <button type="submit" name="clear" value="1" class="secondary">
          {copy.clear}
        </button>
      </div>
    </fieldset>
  </form>
)
