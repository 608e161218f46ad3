/** @jsxImportSource hono/jsx */
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { LEAD_STATUSES, NOTE_LIMIT, type Lead } from '../leads/lead.ts'

const copy = deskCopy.lead

interface FormProps {
  lead: Lead
  csrfToken: string
}

const Csrf = ({ token }: { token: string }) => <input type="hidden" name="_csrf" value={token} />

export const StatusForm = ({ lead, csrfToken }: FormProps) => (
  <form method="post" action={deskPaths.leadStatus(lead.id)} class="panel stack">
    <h2>{copy.statusHeading}</h2>
    <Csrf token={csrfToken} />
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
  </form>
)

export const ResendForm = ({ lead, csrfToken }: FormProps) => (
  <form method="post" action={deskPaths.leadResend(lead.id)} class="panel stack">
    <h2>{copy.resendHeading}</h2>
    <Csrf token={csrfToken} />
    <p class="hint">{copy.resendHint}</p>
    <div class="actions">
      <button type="submit" class="secondary">
        {copy.resend}
      </button>
    </div>
  </form>
)

export const NoteForm = ({ lead, csrfToken }: FormProps) => (
  <form method="post" action={deskPaths.leadNote(lead.id)} class="panel stack">
    <h2>{copy.noteHeading}</h2>
    <Csrf token={csrfToken} />
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
  </form>
)

/** Erasure asks for an explicit confirmation: it cannot be undone. */
export const EraseForm = ({
  lead,
  csrfToken,
  fromSameEmail,
}: FormProps & { fromSameEmail: number }) => (
  <form method="post" action={deskPaths.leadErase(lead.id)} class="panel stack">
    <h2>{copy.eraseHeading}</h2>
    <Csrf token={csrfToken} />
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
  </form>
)
