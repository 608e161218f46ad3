/** @jsxImportSource hono/jsx */
import { deskCopy } from '../../copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { useDeskNav } from '../../frame/desk-nav.tsx'

/** The navigation's link to the quarantine, with how many messages wait there. */
export const QuarantineNavLink = () => (
  <a href={deskPaths.quarantine}>{deskCopy.layout.quarantine(useDeskNav().quarantined)}</a>
)
