/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { frameCopy } from '../../frame/frame-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isSuspiciousText } from '../../frame/visitor-text-parts.ts'
import { VisitorText } from '../../frame/visitor-text.tsx'
import { LEAD_STATUSES, NOTE_LIMIT, type Lead } from '../lead.ts'
import { ConfirmCheck, PanelForm } from '../../forms/panel-form.tsx'

const copy = leadsCopy.lead

interface FormProps {
  lead: Lead
  csrfToken: string
}

/** Where each change to a lead is posted, its heading and its button. */
const panels = {
  status: { action: deskPaths.leadStatus, heading: copy.statusHeading, submit: copy.saveStatus },
  resend: { action: deskPaths.leadResend, heading: copy.resendHeading, submit: copy.resend },
  note: {
    action: deskPaths.leadNote,
    heading: frameCopy.leadNote.heading,
    submit: frameCopy.leadNote.save,
  },
  erase: { action: deskPaths.leadErase, heading: copy.eraseHeading, submit: copy.erase },
}

/** A change to one lead, posted to its own address (see panels). */
const LeadForm = ({
  panel,
  form: { lead, csrfToken },
  tone,
  children,
}: {
  panel: keyof typeof panels
  form: FormProps
  tone?: 'secondary' | 'danger'
  children: Child
}) => (
  <PanelForm
    action={panels[panel].action(lead.id)}
    heading={panels[panel].heading}
    submit={panels[panel].submit}
    csrfToken={csrfToken}
    tone={tone}
  >
    {children}
  </PanelForm>
)

export const StatusForm = (form: FormProps) => (
  <LeadForm panel="status" form={form}>
    <label for="situacao">{copy.statusLabel}</label>
    <select id="situacao" name="status">
      {LEAD_STATUSES.map((status) => (
        <option value={status} selected={form.lead.status === status}>
          {frameCopy.leadStatuses[status]}
        </option>
      ))}
    </select>
  </LeadForm>
)

export const ResendForm = (form: FormProps) => (
  <LeadForm panel="resend" form={form} tone="secondary">
    <p class="hint">{copy.resendHint}</p>
  </LeadForm>
)

/**
 * The note is edited as typed (a textarea takes no markup), isolated by dir="auto"; one that
 * holds hidden characters or mixed alphabets, pasted from a visitor, is shown marked too.
 */
export const NoteForm = (form: FormProps) => (
  <LeadForm panel="note" form={form}>
    <label for="nota">{frameCopy.leadNote.label}</label>
    {form.lead.note !== null && isSuspiciousText(form.lead.note) && (
      <p class="hint message">
        {frameCopy.visitorText.noteWarning} <VisitorText text={form.lead.note} />
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
  <LeadForm panel="erase" form={form} tone="danger">
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
