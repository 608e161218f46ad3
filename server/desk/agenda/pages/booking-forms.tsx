/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isSuspiciousText } from '../../layout/visitor-text-parts.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { NOTE_LIMIT } from '../../leads/lead.ts'
import { CANCEL_MESSAGE_LIMIT } from '../booking-actions.ts'
import { BOOKING_OUTCOMES, type BookingDetails } from '../booking.ts'
import { ConfirmCheck, PanelForm, recordForms, type RecordPanel } from '../../forms/panel-form.tsx'

const copy = agendaCopy.booking

interface FormProps {
  booking: BookingDetails
  csrfToken: string
}

/** Where each change to a booking is posted, its heading, its button and that button's tone. */
const panels: Record<'cancel' | 'outcome' | 'note' | 'release', RecordPanel> = {
  cancel: {
    action: deskPaths.bookingCancel,
    heading: copy.cancelHeading,
    submit: copy.cancel,
    tone: 'danger',
  },
  outcome: {
    action: deskPaths.bookingOutcome,
    heading: copy.outcomeHeading,
    submit: copy.saveOutcome,
  },
  note: {
    action: deskPaths.bookingNote,
    heading: layoutCopy.leadNote.heading,
    submit: layoutCopy.leadNote.save,
  },
  release: {
    action: deskPaths.bookingRelease,
    heading: copy.releaseHeading,
    submit: copy.release,
    tone: 'danger',
  },
}

const BookingForm = recordForms(panels)

/** Cancelling tells the visitor: it asks for a confirmation and takes an optional message. */
export const CancelForm = ({ booking, csrfToken }: FormProps) => (
  <BookingForm panel="cancel" id={booking.id} csrfToken={csrfToken}>
    <p class="hint">{copy.cancelHint}</p>
    <label for="mensagem">{copy.cancelMessageLabel}</label>
    <textarea
      id="mensagem"
      name="mensagem"
      dir="auto"
      maxlength={CANCEL_MESSAGE_LIMIT}
      aria-describedby="mensagem-dica"
    ></textarea>
    <p id="mensagem-dica" class="hint">
      {copy.cancelMessageHint}
    </p>
    <ConfirmCheck text={copy.cancelConfirm} />
  </BookingForm>
)

/** After the meeting's start: held or no-show, either may replace the other. */
export const OutcomeForm = ({ booking, csrfToken }: FormProps) => (
  <BookingForm panel="outcome" id={booking.id} csrfToken={csrfToken}>
    <p class="hint">{copy.outcomeHint}</p>
    <fieldset class="choices">
      <legend>{copy.outcomeLabel}</legend>
      {BOOKING_OUTCOMES.map((outcome) => (
        <label class="check">
          <input
            type="radio"
            name="resultado"
            value={outcome}
            checked={booking.status === outcome}
            required
          />
          <span>{copy.outcomes[outcome]}</span>
        </label>
      ))}
    </fieldset>
  </BookingForm>
)

/** The lead's own note (the same as on the lead's page), kept from the booking's page. */
export const BookingNoteForm = ({ booking, csrfToken }: FormProps) => (
  <BookingForm panel="note" id={booking.id} csrfToken={csrfToken}>
    <label for="nota">{layoutCopy.leadNote.label}</label>
    {booking.leadNote !== null && isSuspiciousText(booking.leadNote) && (
      <p class="hint message">
        {layoutCopy.visitorText.noteWarning} <VisitorText text={booking.leadNote} />
      </p>
    )}
    <textarea id="nota" name="note" dir="auto" maxlength={NOTE_LIMIT} aria-describedby="nota-dica">
      {booking.leadNote ?? ''}
    </textarea>
    <p id="nota-dica" class="hint">
      {copy.noteHint}
    </p>
  </BookingForm>
)

/**
 * Junk: everything still to come from this e-mail or this address, freed without telling
 * anyone. Each choice says how many meetings it frees.
 */
export const ReleaseForm = ({ booking, csrfToken }: FormProps) => {
  const byAddress = booking.releasableByAddress
  return (
    <BookingForm panel="release" id={booking.id} csrfToken={csrfToken}>
      <p class="hint">{copy.releaseHint}</p>
      <fieldset class="choices">
        <legend>{copy.releaseScope}</legend>
        <label class="check">
          <input
            type="radio"
            name="por"
            value="email"
            required
            disabled={booking.releasableByEmail === 0}
          />
          <span>{copy.releaseByEmail(booking.releasableByEmail)}</span>
        </label>
        {byAddress === null ? (
          <p class="hint">{copy.addressUnknown}</p>
        ) : (
          <label class="check">
            <input type="radio" name="por" value="endereco" required disabled={byAddress === 0} />
            <span>{copy.releaseByAddress(byAddress)}</span>
          </label>
        )}
      </fieldset>
      <ConfirmCheck text={copy.releaseConfirm} />
    </BookingForm>
  )
}

/**
 * An attack: nobody from the network this booking came from may book, confirm, move, cancel
 * or send the contact form for 30 days; its meetings and holds still to come may be freed in
 * the same action (decision 038).
 */
export const BlockNetworkForm = ({
  booking,
  csrfToken,
  network,
}: FormProps & { network: string }) => (
  <PanelForm
    action={deskPaths.networkBlock}
    heading={copy.blockHeading}
    submit={agendaCopy.networks.block}
    csrfToken={csrfToken}
    tone="danger"
  >
    <input type="hidden" name="rede" value={network} />
    <input type="hidden" name="reuniao" value={booking.id} />
    <p class="hint">{copy.blockHint(network)}</p>
    <label class="check">
      <input type="checkbox" name="liberar" value="1" />
      <span>{agendaCopy.networks.releaseToo}</span>
    </label>
  </PanelForm>
)
