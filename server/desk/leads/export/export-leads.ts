import type { Database } from '../../../db/database.ts'
import type { LeadSelection } from '../lead-filter.ts'
import { selectLeads } from '../lead-store.ts'
import { renderExport, type ExportFormat } from './lead-export.ts'

/**
 * The leads of a selection as a file, with an audit line saying that leads left the system,
 * how many and when (never which). The desk's download and `npm run leads` both come here.
 */
export const exportLeads = async (
  db: Database,
  format: ExportFormat,
  selection: LeadSelection,
  via: 'painel' | 'comando',
) => {
  const leads = await selectLeads(db, selection)
  await db.query("insert into private.lead_audit (action, leads, via) values ('export', $1, $2)", [
    leads.length,
    via,
  ])
  return { ...renderExport(format, leads), count: leads.length }
}
