/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { formatDateTimeIn } from '../company-clock.ts'
import { ConfirmCheck, PanelForm } from '../../forms/panel-form.tsx'
import type { ReleasePreview } from '../release-preview.ts'
import { AgendaTabs } from './agenda-tabs.tsx'
import { MeetingLine } from './meeting-line.tsx'

const copy = agendaCopy.release

export interface ReleasePageProps {
  zone: string
  csrfToken: string
  /** What was typed (YYYY-MM-DDTHH:MM), to keep it in the field. */
  since?: string
  preview?: ReleasePreview
  notice?: NoticeMessage
}

const Preview = ({
  preview,
  since,
  zone,
  csrfToken,
}: {
  preview: ReleasePreview
  since: string
  zone: string
  csrfToken: string
}) => {
  const when = formatDateTimeIn(preview.since, zone)
  if (preview.total === 0) return <p class="panel">{copy.nothing(when)}</p>
  return (
    <PanelForm
      action={deskPaths.releaseSince}
      heading={copy.found(preview.total, when)}
      submit={copy.submit}
      csrfToken={csrfToken}
      tone="danger"
    >
      <input type="hidden" name="desde" value={since} />
      <ul>
        {preview.meetings.map((meeting) => (
          <li>
            <MeetingLine meeting={meeting} zone={zone} /> (<VisitorText text={meeting.email} />,{' '}
            {copy.bookedAt} {formatDateTimeIn(meeting.createdAt, zone)})
          </li>
        ))}
      </ul>
      {preview.total > preview.meetings.length && (
        <p>{copy.more(preview.total - preview.meetings.length)}</p>
      )}
      <ConfirmCheck text={copy.confirm} />
    </PanelForm>
  )
}

/**
 * During a flood: pick when it began, see what would be freed, then confirm. The first step
 * is a GET (nothing changes); only the confirmation posts.
 */
export const ReleasePage = ({ zone, csrfToken, since, preview, notice }: ReleasePageProps) => (
  <DeskDocument title={copy.title} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <p class="hint">{copy.intro}</p>
    <AgendaTabs />
    <form method="get" action={deskPaths.releaseSince} class="panel stack">
      <label for="desde">{copy.since}</label>
      <input
        id="desde"
        type="datetime-local"
        name="desde"
        value={since ?? ''}
        required
        aria-describedby="desde-dica"
      />
      <p id="desde-dica" class="hint">
        {copy.sinceHint} ({zone})
      </p>
      <div class="actions">
        <button type="submit" class="secondary">
          {copy.preview}
        </button>
      </div>
    </form>
    {preview && since !== undefined && (
      <Preview preview={preview} since={since} zone={zone} csrfToken={csrfToken} />
    )}
  </DeskDocument>
)
