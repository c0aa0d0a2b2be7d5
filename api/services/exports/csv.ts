// CSV as spreadsheets open it cleanly (RFC 4180), written by csv-stringify: UTF-8 with a byte order mark (Excel reads
// UTF-8 only with one), rows ending CRLF, a cell quoted when it holds a comma, a quote or a line break. Text the seller
// typed that begins as a formula would (= + - @, a tab or carriage return, or the full-width = + - @ that Apple Numbers
// reads as them) is written with a quote mark before it, so a spreadsheet shows it as text instead of running it
// (OWASP's CSV injection advice; csv-read.ts takes the mark off). Numbers Snaplist writes itself (money, counts) are
// left as numbers: a loss of -3.50 stays a number.
import { stringify } from 'csv-stringify/sync'

export const BOM = '\uFEFF'

/** Text the seller typed; a whole number; money in cents (written as dollars and cents); null for blank. */
export type Cell = string | number | { cents: number } | null

/** The characters a cell of text may not begin with unguarded, as a pattern's character class. */
export const FORMULA_CHARACTERS = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]'
const FORMULA_START = new RegExp(`^${FORMULA_CHARACTERS}`)

function cellText(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return String(cell)
  if (typeof cell === 'object') return (cell.cents / 100).toFixed(2)
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Rows as CSV text, each ending CRLF. */
export const csvRows = (rows: readonly (readonly Cell[])[]) =>
  stringify(
    rows.map((cells) => cells.map(cellText)),
    { record_delimiter: 'windows', eof: true, quote_record_delimiter: true },
  )

export const csvRow = (cells: readonly Cell[]) => csvRows([cells])
