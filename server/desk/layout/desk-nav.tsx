/** @jsxImportSource hono/jsx */
import { createContext, useContext, type Child } from 'hono/jsx'
import type { OpenIncident } from '../incidents/open-incidents.ts'
import { DESK_PATH } from '../desk-paths.ts'

/** What the desk's frame shows beside its links, worked out once per request. */
export interface DeskNavCounts {
  /**
   * How e-mail leaves this server when it reaches nobody ('outbox': .eml files in this folder;
   * 'off': not at all), for the warning above every page; undefined when it goes out by SMTP.
   */
  mailWarning?: { delivery: 'outbox'; folder: string } | { delivery: 'off' }
  /** Messages waiting in quarantine (server/desk/quarantine/); unknown on error pages. */
  quarantined?: number
  /** Meetings today on the company's clock (server/desk/agenda/); unknown on error pages. */
  meetingsToday?: number
  /** The pipeline's open incidents, for the banner across every page (server/desk/incidents/). */
  incidents?: OpenIncident[]
}

/** The counts, and the path of the page being shown, which its navigation marks. */
interface DeskNavState extends DeskNavCounts {
  path?: string
}

const DeskNavContext = createContext<DeskNavState>({})

/** Renders a page with these counts in its navigation, so pages need not pass them along. */
export const withDeskNav = (counts: DeskNavCounts | undefined, page: Child, path?: string) => (
  <DeskNavContext.Provider value={{ ...counts, path }}>{page}</DeskNavContext.Provider>
)

/** The counts of the page being rendered (for DeskDocument). */
export const useDeskNav = (): DeskNavState => useContext(DeskNavContext)

/**
 * How a navigation link relates to the page shown: it is that page ('page'), or the part of
 * the desk the page belongs to ('true': a lead's page under Contatos, a meeting's under
 * Agenda); the desk's own first page owns no other.
 */
export const currentOf = (href: string, path: string | undefined): 'page' | 'true' | undefined => {
  const target = href.split('?')[0] ?? href
  if (path === undefined) return undefined
  if (path === target) return 'page'
  return target !== DESK_PATH && path.startsWith(`${target}/`) ? 'true' : undefined
}

/** A link of the desk's navigation, marked (aria-current, and visibly) where the page is. */
export const NavLink = ({ href, children }: { href: string; children: Child }) => (
  <a href={href} aria-current={currentOf(href, useDeskNav().path)}>
    {children}
  </a>
)
