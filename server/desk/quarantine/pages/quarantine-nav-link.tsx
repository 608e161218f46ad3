/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { NavLink, useDeskNav } from '../../layout/desk-nav.tsx'

/** The navigation's link to the quarantine, with how many messages wait there. */
export const QuarantineNavLink = () => (
  <NavLink href={deskPaths.quarantine}>
    {layoutCopy.layout.quarantine(useDeskNav().quarantined)}
  </NavLink>
)
