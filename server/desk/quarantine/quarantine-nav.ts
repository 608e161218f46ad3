import { readForNav } from '../layout/nav-reading.ts'
import { countQuarantined } from './quarantine-store.ts'

/** For every page (a GET outside /api/), how many messages wait in quarantine, for the nav. */
export const countQuarantineForNav = readForNav('quarantined', countQuarantined)
