import type { Context } from 'hono'
import type { Database } from '../../../db/database.ts'
import { exportLeads } from '../export/export-leads.ts'
import { exportFileName, type ExportFormat } from '../export/lead-export.ts'
import type { LeadSelection } from '../lead-filter.ts'

/** An export as a download named after today (contatos-2026-11-22.csv). */
export const sendExport = async (
  c: Context,
  db: Database,
  format: ExportFormat,
  selection: LeadSelection,
  via: 'painel' | 'comando',
) => {
  const { body, contentType } = await exportLeads(db, format, selection, via)
  c.header('Content-Type', contentType)
  c.header('Content-Disposition', `attachment; filename="${exportFileName(format)}"`)
  return c.body(body)
}
