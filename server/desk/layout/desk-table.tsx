/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'

/** One column of a desk table: its heading, what each row shows in it, and its cells' marks. */
export interface DeskColumn<Row> {
  heading: Child
  cell: (row: Row) => Child
  /** The cells' class: the stylesheet's `date`, `email` and `excerpt` set widths and wrapping. */
  class?: string
  /** The row's name (a week, a source): a `<th scope="row">`, read before each of its cells. */
  rowHeader?: boolean
}

/**
 * How a table, and the region that scrolls it sideways, are named for a screen reader:
 * - `caption`: by its caption, which the region repeats as its label;
 * - `caption` and `captionId`: by its caption, which the region points at;
 * - `labelledBy`: by a heading outside it (the agenda's day), which both point at.
 */
export type DeskTableName =
  | { caption: string; captionId?: string; labelledBy?: never }
  | { labelledBy: string; caption?: never; captionId?: never }

interface DeskTableProps<Row> {
  name: DeskTableName
  /** The table's id, for the tests and links that find it. */
  id?: string
  columns: DeskColumn<Row>[]
  rows: Row[]
}

/**
 * A desk table: a heading row of `<th scope="col">`, a row for each item, inside a region that
 * scrolls sideways on a narrow screen and can be reached and scrolled from the keyboard.
 */
export const DeskTable = <Row,>({ name, id, columns, rows }: DeskTableProps<Row>) => {
  const table = (
    <table id={id} aria-labelledby={name.labelledBy}>
      {name.caption !== undefined && <caption id={name.captionId}>{name.caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col">{column.heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            {columns.map((column) =>
              column.rowHeader ? (
                <th scope="row" class={column.class}>
                  {column.cell(row)}
                </th>
              ) : (
                <td class={column.class}>{column.cell(row)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
  const pointedAt = name.labelledBy ?? name.captionId
  // Each naming keeps the attribute order its tables have always been served with.
  return pointedAt === undefined ? (
    <div class="table-wrap" tabindex={0} role="region" aria-label={name.caption}>
      {table}
    </div>
  ) : (
    <div class="table-wrap" role="region" aria-labelledby={pointedAt} tabindex={0}>
      {table}
    </div>
  )
}
