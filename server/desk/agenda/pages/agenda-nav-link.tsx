/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { NavLink, useDeskNav } from '../../layout/desk-nav.tsx'

/** The navigation's link to the agenda, with how many meetings there are today. */
export const AgendaNavLink = () => (
  <NavLink href={deskPaths.agenda}>{layoutCopy.layout.agenda(useDeskNav().meetingsToday)}</NavLink>
)
