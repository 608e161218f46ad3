/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isSuspiciousText } from '../../layout/visitor-text-parts.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { LEAD_STATUSES, NOTE_LIMIT, type Lead } from '../lead.ts'
import { ConfirmCheck, recordForms, type RecordPanel } from '../../forms/panel-form.tsx'

const copy = leadsCopy.lead

interface FormProps {
  lead: Lead
  csrfToken: string
}

/** Where each change to a lead is posted, its heading, its button and that button's tone. */
const panels: Record<'status' | 'resend' | 'note' | 'erase', RecordPanel> = {
  status: { action: deskPaths.leadStatus, heading: copy.statusHeading, submit: copy.saveStatus },
  resend: {
    action: deskPaths.leadResend,
    heading: copy.resendHeading,
    submit: copy.resend,
    tone: 'secondary',
  },
  note: {
    action: deskPaths.leadNote,
    heading: layoutCopy.leadNote.heading,
    submit: layoutCopy.leadNote.save,
  },
  erase: {
    action: deskPaths.leadErase,
    heading: copy.eraseHeading,
    submit: copy.erase,
    tone: 'danger',
  },
}

const LeadForm = recordForms(panels)

export const StatusForm = (form: FormProps) => (
  <LeadForm panel="status" id={form.lead.id} csrfToken={form.csrfToken}>
    <label for="situacao">{copy.statusLabel}</label>
    <select id="situacao" name="status">
      {LEAD_STATUSES.map((status) => (
        <option value={status} selected={form.lead.status === status}>
          {layoutCopy.leadStatuses[status]}
        </option>
      ))}
    </select>
  </LeadForm>
)

export const ResendForm = (form: FormProps) => (
  <LeadForm panel="resend" id={form.lead.id} csrfToken={form.csrfToken}>
    <p class="hint">{copy.resendHint}</p>
  </LeadForm>
)

/**
 * The note is edited as typed (a textarea takes no markup), isolated by dir="auto"; one that
 * holds hidden characters or mixed alphabets, pasted from a visitor, is shown marked too.
 */
export const NoteForm = (form: FormProps) => (
  <LeadForm panel="note" id={form.lead.id} csrfToken={form.csrfToken}>
    <label for="nota">{layoutCopy.leadNote.label}</label>
    {form.lead.note !== null && isSuspiciousText(form.lead.note) && (
      <p class="hint message">
        {layoutCopy.visitorText.noteWarning} <VisitorText text={form.lead.note} />
      </p>
    )}
    <textarea id="nota" name="note" dir="auto" maxlength={NOTE_LIMIT} aria-describedby="nota-dica">
      {form.lead.note ?? ''}
    </textarea>
    <p id="nota-dica" class="hint">
      {copy.noteHint}
    </p>
  </LeadForm>
)

/** Erasure asks for an explicit confirmation: it cannot be undone. */
export const EraseForm = ({ fromSameEmail, ...form }: FormProps & { fromSameEmail: number }) => (
  <LeadForm panel="erase" id={form.lead.id} csrfToken={form.csrfToken}>
    <p class="hint">{copy.eraseHint}</p>
    <p class="hint">{copy.eraseMailbox}</p>
    <ConfirmCheck text={copy.eraseConfirm} />
    {fromSameEmail > 1 && (
      <label class="check">
        <input type="checkbox" name="all" value="1" />
        <span>{copy.eraseOthers(fromSameEmail - 1)}</span>
      </label>
    )}
  </LeadForm>
)
