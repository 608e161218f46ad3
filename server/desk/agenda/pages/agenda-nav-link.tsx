/** @jsxImportSource hono/jsx */
import { frameCopy } from '../../frame/frame-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { NavLink, useDeskNav } from '../../frame/desk-nav.tsx'

/** The navigation's link to the agenda, with how many meetings there are today. */
export const AgendaNavLink = () => (
  <NavLink href={deskPaths.agenda}>{frameCopy.layout.agenda(useDeskNav().meetingsToday)}</NavLink>
)
