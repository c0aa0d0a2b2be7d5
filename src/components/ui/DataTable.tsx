// A table of rows that stays a table on wide screens and becomes a stack of cards on phones (no sideways scroll):
// below the sm breakpoint each row is a small grid whose cells say where they sit, and a cell shows its column's
// name beside the value unless it is self-explanatory (a photo, the buttons).
import type { ReactNode } from 'react'

export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** Extra classes for this column's cells, e.g. a width or right alignment. */
  className?: string
  /** Where the cell sits in a phone card, as max-sm: grid placement classes. */
  phoneCell: string
  /** Whether phones show the column name before the value (not for a photo or the action buttons). */
  labelOnPhone?: boolean
}

const PHONE_LABEL =
  'max-sm:before:mr-2 max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]'

export interface DataTableProps<Row> {
  caption: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  /** The phone card's grid columns, as max-sm:grid-cols-… */
  phoneGrid: string
}

export function DataTable<Row>({ caption, columns, rows, rowKey, phoneGrid }: DataTableProps<Row>) {
  return (
    <table className="w-full border-collapse text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase max-sm:sr-only">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={`px-3 py-2 ${column.className ?? ''}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={`max-sm:grid max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:py-3 ${phoneGrid}`}
          >
            {columns.map((column) => (
              <td
                key={column.header}
                data-label={column.header}
                className={`px-3 py-2 align-middle text-slate-800 max-sm:min-w-0 max-sm:p-0 ${column.phoneCell} ${column.labelOnPhone === false ? '' : PHONE_LABEL} ${column.className ?? ''}`}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
