/** @jsxImportSource hono/jsx */
import { createContext, useContext, type Child } from 'hono/jsx'
import type { OpenIncident } from '../incidents/open-incidents.ts'

/** What the desk's navigation shows beside its links, worked out once per request. */
export interface DeskNavCounts {
  /** Messages waiting in quarantine (server/desk/quarantine/); unknown on error pages. */
  quarantined?: number
  /** Meetings today on the company's clock (server/desk/agenda/); unknown on error pages. */
  meetingsToday?: number
  /** The pipeline's open incidents, for the banner across every page (server/desk/incidents/). */
  incidents?: OpenIncident[]
}

const DeskNavContext = createContext<DeskNavCounts>({})

/** Renders a page with these counts in its navigation, so pages need not pass them along. */
export const withDeskNav = (counts: DeskNavCounts | undefined, page: Child) => (
  <DeskNavContext.Provider value={counts ?? {}}>{page}</DeskNavContext.Provider>
)

/** The counts of the page being rendered (for DeskDocument). */
export const useDeskNav = (): DeskNavCounts => useContext(DeskNavContext)
