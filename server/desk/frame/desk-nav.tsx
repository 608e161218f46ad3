/** @jsxImportSource hono/jsx */
import { createContext, useContext, type Child } from 'hono/jsx'

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
}

const DeskNavContext = createContext<DeskNavCounts>({})

/** Renders a page with these counts in its navigation, so pages need not pass them along. */
export const withDeskNav = (counts: DeskNavCounts | undefined, page: Child) => (
  <DeskNavContext.Provider value={counts ?? {}}>{page}</DeskNavContext.Provider>
)

/** The counts of the page being rendered (for DeskDocument). */
export const useDeskNav = (): DeskNavCounts => useContext(DeskNavContext)
