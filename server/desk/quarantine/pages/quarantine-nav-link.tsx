/** @jsxImportSource hono/jsx */
import { frameCopy } from '../../frame/frame-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { NavLink, useDeskNav } from '../../frame/desk-nav.tsx'

/** The navigation's link to the quarantine, with how many messages wait there. */
export const QuarantineNavLink = () => (
  <NavLink href={deskPaths.quarantine}>
    {frameCopy.layout.quarantine(useDeskNav().quarantined)}
  </NavLink>
)
