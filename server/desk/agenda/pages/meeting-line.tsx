/** @jsxImportSource hono/jsx */
import { deskPaths } from '../../desk-paths.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { formatDateTimeIn } from '../company-clock.ts'

/**
 * A meeting as the agenda's warnings and previews list it: when, on the company's clock, and
 * who, as a link to the meeting's page.
 */
export const MeetingLine = ({
  meeting,
  zone,
}: {
  meeting: { id: string; name: string; startsAt: Date }
  zone: string
}) => (
  <>
    {formatDateTimeIn(meeting.startsAt, zone)}:{' '}
    <a href={deskPaths.booking(meeting.id)}>
      <VisitorText text={meeting.name} />
    </a>
  </>
)
