/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'

/**
 * A change of its own on a desk page: a panel with its heading, the session's CSRF token and
 * one submit button (`tone` for one that is not the usual next step). Every such form reads
 * alike, so a screen reader user meets the same order on every page.
 */
export const PanelForm = ({
  action,
  heading,
  submit,
  csrfToken,
  tone,
  children,
}: {
  action: string
  heading: string
  submit: string
  csrfToken: string
  tone?: 'secondary' | 'danger'
  children?: Child
}) => (
  <form method="post" action={action} class="panel stack">
    <h2>{heading}</h2>
    <input type="hidden" name="_csrf" value={csrfToken} />
    {children}
    <div class="actions">
      <button type="submit" class={tone}>
        {submit}
      </button>
    </div>
  </form>
)

/** The box a change that cannot be undone needs ticked; the server refuses it unticked. */
export const ConfirmCheck = ({ text }: { text: string }) => (
  <label class="check">
    <input type="checkbox" name="confirm" value="1" required />
    <span>{text}</span>
  </label>
)

/**
 * One button in a row of a list that posts one change about that row, with the CSRF token
 * and the row's own fields. The label names the row for a screen reader, since the button's
 * text alone ("Reabrir") is the same on every row.
 */
export const RowAction = ({
  action,
  csrfToken,
  fields = {},
  text,
  tone,
  label,
  describedBy,
}: {
  action: string
  csrfToken: string
  fields?: Record<string, string>
  text: string
  tone?: 'secondary' | 'danger'
  label?: string
  describedBy?: string
}) => (
  <form method="post" action={action}>
    <input type="hidden" name="_csrf" value={csrfToken} />
    {Object.entries(fields).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
    <button type="submit" class={tone} aria-label={label} aria-describedby={describedBy}>
      {text}
    </button>
  </form>
)

/** One change on a record's page: where it posts for the record's id, and its words. */
export interface RecordPanel {
  action: (id: string) => string
  heading: string
  submit: string
  tone?: 'secondary' | 'danger'
}

/**
 * The panel forms of one kind of record (a lead, a booking) from a table of its changes, so
 * that each form names only its panel and what it asks for.
 */
export const recordForms =
  <Panel extends string>(panels: Record<Panel, RecordPanel>) =>
  ({
    panel,
    id,
    csrfToken,
    children,
  }: {
    panel: Panel
    id: string
    csrfToken: string
    children?: Child
  }) => {
    const { action, ...words } = panels[panel]
    return (
      <PanelForm action={action(id)} csrfToken={csrfToken} {...words}>
        {children}
      </PanelForm>
    )
  }
