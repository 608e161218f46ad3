/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { DeskTable, type DeskColumn } from '../layout/desk-table.tsx'

/**
 * A panel of the overview that holds one table: the panel is named by its heading, the table
 * by its caption. Where `empty` is given, a table without rows gives way to that sentence:
 * headings over nothing tell a screen reader less than one line does.
 */
export const TablePanel = <Row,>({
  id,
  heading,
  intro,
  tableId,
  caption,
  columns,
  rows,
  empty,
}: {
  id: string
  heading: string
  intro?: Child
  tableId: string
  caption: string
  columns: DeskColumn<Row>[]
  rows: Row[]
  empty?: string
}) => (
  <section class="panel" aria-labelledby={id}>
    <h2 id={id}>{heading}</h2>
    {intro}
    {empty !== undefined && rows.length === 0 ? (
      <p>{empty}</p>
    ) : (
      <DeskTable id={tableId} name={{ caption }} columns={columns} rows={rows} />
    )}
  </section>
)
