/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DELIVERIES, LEAD_STATUSES } from '../lead.ts'
import {
  ANSWER_FILTERS,
  CAMPAIGN_LIMIT,
  SEARCH_LIMIT,
  SOURCE_LIMIT,
  type LeadFilter,
} from '../lead-filter.ts'

const copy = leadsCopy.list

/** A filter's select: 'todas' (every value) or one of `options`, each shown by its name. */
interface FilterField {
  id: string
  label: string
  allLabel: string
  options: readonly string[]
  names: Readonly<Record<string, string>>
}

/** Checks that every option has a name before the table forgets the options' type. */
const filterField = <Value extends string>(
  field: Omit<FilterField, 'options' | 'names'> & {
    options: readonly Value[]
    names: Record<Value, string>
  },
): FilterField => field

const filterFields = {
  status: filterField({
    id: 'situacao',
    label: copy.status,
    allLabel: copy.all,
    options: LEAD_STATUSES,
    names: layoutCopy.leadStatuses,
  }),
  delivery: filterField({
    id: 'envio',
    label: copy.delivery,
    allLabel: copy.allDeliveries,
    options: DELIVERIES,
    names: leadsCopy.deliveries,
  }),
  answer: filterField({
    id: 'resposta',
    label: copy.answer,
    allLabel: copy.allAnswers,
    options: ANSWER_FILTERS,
    names: leadsCopy.answerFilters,
  }),
} satisfies Record<Exclude<keyof LeadFilter, 'search' | 'source' | 'campaign'>, FilterField>

/** A part of a text to look for, with its hint. */
const TextFilter = ({
  id,
  name,
  label,
  hint,
  value,
  limit,
}: {
  id: string
  name: 'source' | 'campaign'
  label: string
  hint: string
  value: string
  limit: number
}) => (
  <div class="field">
    <label for={id}>{label}</label>
    <input
      id={id}
      name={name}
      type="search"
      value={value}
      maxlength={limit}
      aria-describedby={`${id}-dica`}
    />
    <p id={`${id}-dica`} class="hint">
      {hint}
    </p>
  </div>
)

const FilterSelect = ({
  name,
  filter,
}: {
  name: keyof typeof filterFields
  filter: LeadFilter
}) => {
  const field = filterFields[name]
  const selected = filter[name]
  return (
    <div class="field">
      <label for={field.id}>{field.label}</label>
      <select id={field.id} name={name}>
        <option value="todas" selected={selected === 'todas'}>
          {field.allLabel}
        </option>
        {field.options.map((option) => (
          <option value={option} selected={selected === option}>
            {field.names[option]}
          </option>
        ))}
      </select>
    </div>
  )
}

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
      <FilterSelect name="status" filter={filter} />
      <FilterSelect name="delivery" filter={filter} />
      <FilterSelect name="answer" filter={filter} />
      <TextFilter
        id="origem"
        name="source"
        label={copy.source}
        hint={copy.sourceHint}
        value={filter.source}
        limit={SOURCE_LIMIT}
      />
      <TextFilter
        id="campanha"
        name="campaign"
        label={copy.campaign}
        hint={copy.campaignHint}
        value={filter.campaign}
        limit={CAMPAIGN_LIMIT}
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
