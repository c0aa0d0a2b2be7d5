// CSV text as rows of cells (RFC 4180), as a spreadsheet saves it: a byte order mark first or not, rows ending CRLF or
// LF, a quoted cell holding commas, line breaks and "" for a quote. The reading side of csv.ts: a cell csv.ts wrote with
// a quote mark before a formula's first character reads back as the seller typed it.

export interface CsvRow {
  /** The file's line the row starts on, from 1. */
  line: number
  cells: string[]
}

const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/

/** The rows, or the line where a quoted cell is never closed. */
export function readCsv(text: string): { rows: CsvRow[] } | { unclosedQuoteAt: number } {
  const rows: CsvRow[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let rowLine = 1
  let quotedFrom = 0
  let i = text.startsWith('\uFEFF') ? 1 : 0
  const endCell = () => {
    cells.push(cell.replace(FORMULA_GUARD, ''))
    cell = ''
  }
  const endRow = () => {
    endCell()
    rows.push({ line: rowLine, cells })
    cells = []
  }
  while (i < text.length) {
    const char = text[i]!
    if (quotedFrom) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 2
        continue
      }
      if (char === '"') quotedFrom = 0
      else {
        if (char === '\n') line += 1
        cell += char
      }
      i += 1
      continue
    }
    if (char === '"' && cell === '') quotedFrom = line
    else if (char === ',') endCell()
    else if (char === '\n' || char === '\r') {
      endRow()
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
      line += 1
      rowLine = line
      continue
    } else cell += char
    i += 1
  }
  if (quotedFrom) return { unclosedQuoteAt: quotedFrom }
  if (cell !== '' || cells.length) endRow()
  return { rows }
}
