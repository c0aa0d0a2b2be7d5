// CSV as spreadsheets open it cleanly (RFC 4180): UTF-8 with a byte order mark (Excel reads UTF-8 only with one), rows
// ending CRLF, a cell quoted when it holds a comma, a quote or a line break. Text the seller typed that begins as a
// formula would (= + - @, or a tab or carriage return before one) is written with a quote mark before it, so a
// spreadsheet shows it as text instead of running it (OWASP's CSV injection advice). Numbers Snaplist writes itself
// (money, counts) are left as numbers: a loss of -3.50 stays a number.

export const BOM = '\uFEFF'

/** Text the seller typed; a whole number; money in cents (written as dollars and cents); null for blank. */
export type Cell = string | number | { cents: number } | null

const FORMULA_START = /^[=+\-@\t\r]/

function textCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

function cellText(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return String(cell)
  if (typeof cell === 'object') return (cell.cents / 100).toFixed(2)
  return textCell(cell)
}

export const csvRow = (cells: readonly Cell[]) => `${cells.map(cellText).join(',')}\r\n`
