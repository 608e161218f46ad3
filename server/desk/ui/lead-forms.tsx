/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { LEAD_STATUSES, NOTE_LIMIT, type Lead } from '../leads/lead.ts'

const copy = deskCopy.lead

interface FormProps {
  lead: Lead
  csrfToken: string
}

/** A change to one lead: its own panel, heading and CSRF token, posted to `action`. */
const PanelForm = ({
  action,
  heading,
  csrfToken,
  children,
}: {
  action: string
  heading: string
  csrfToken: string
  children: Child
}) => (
  <form method="post" action={action} class="panel stack">
    <h2>{heading}</h2>
    <input type="hidden" name="_csrf" value={csrfToken} />
    {children}
  </form>
)

export const StatusForm = ({ lead, csrfToken }: FormProps) => (
  <PanelForm
    action={deskPaths.leadStatus(lead.id)}
    heading={copy.statusHeading}
    csrfToken={csrfToken}
  >
    <label for="situacao">{copy.statusLabel}</label>
    <select id="situacao" name="status">
      {LEAD_STATUSES.map((status) => (
        <option value={status} selected={lead.status === status}>
          {deskCopy.statuses[status]}
        </option>
      ))}
    </select>
    <div class="actions">
      <button type="submit">{copy.saveStatus}</button>
    </div>
  </PanelForm>
)

export const ResendForm = ({ lead, csrfToken }: FormProps) => (
  <PanelForm
    action={deskPaths.leadResend(lead.id)}
    heading={copy.resendHeading}
    csrfToken={csrfToken}
  >
    <p class="hint">{copy.resendHint}</p>
    <div class="actions">
      <button type="submit" class="secondary">
        {copy.resend}
      </button>
    </div>
  </PanelForm>
)

export const NoteForm = ({ lead, csrfToken }: FormProps) => (
  <PanelForm action={deskPaths.leadNote(lead.id)} heading={copy.noteHeading} csrfToken={csrfToken}>
    <label for="nota">{copy.noteLabel}</label>
    <textarea id="nota" name="note" maxlength={NOTE_LIMIT} aria-describedby="nota-dica">
      {lead.note ?? ''}
    </textarea>
    <p id="nota-dica" class="hint">
      {copy.noteHint}
    </p>
    <div class="actions">
      <button type="submit">{copy.saveNote}</button>
    </div>
  </PanelForm>
)

/** Erasure asks for an explicit confirmation: it cannot be undone. */
export const EraseForm = ({
  lead,
  csrfToken,
  fromSameEmail,
}: FormProps & { fromSameEmail: number }) => (
  <PanelForm
    action={deskPaths.leadErase(lead.id)}
    heading={copy.eraseHeading}
    csrfToken={csrfToken}
  >
    <p class="hint">{copy.eraseHint}</p>
    <p class="hint">{copy.eraseMailbox}</p>
    <label class="check">
      <input type="checkbox" name="confirm" value="1" required />
      <span>{copy.eraseConfirm}</span>
    </label>
    {fromSameEmail > 1 && (
      <label class="check">
        <input type="checkbox" name="all" value="1" />
        <span>{copy.eraseOthers(fromSameEmail - 1)}</span>
      </label>
    )}
    <div class="actions">
      <button type="submit" class="danger">
        {copy.erase}
      </button>
    </div>
  </PanelForm>
)
