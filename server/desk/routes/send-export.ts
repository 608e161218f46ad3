import type { Context } from 'hono'
import type { Database } from '../../db/database.ts'
import { exportFileName, renderExport, type ExportFormat } from '../export/lead-export.ts'
import type { LeadSelection } from '../leads/lead-filter.ts'
import { selectLeads } from '../leads/lead-store.ts'

/**
 * An export as a download, with an audit line saying that leads left the system, how many and
 * when (never which).
 */
export const sendExport = async (
  c: Context,
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
  const { body, contentType } = renderExport(format, leads)
  c.header('Content-Type', contentType)
  c.header('Content-Disposition', `attachment; filename="${exportFileName(format)}"`)
  return c.body(body)
}
