// An RFC 4180 reader for the tests, written apart from the server's writer so a test parses what a spreadsheet would:
// quoted cells may hold commas, doubled quotes and line breaks; rows end CRLF.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"'
        at += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      at += 1
    } else cell += char
  }
  if (cell !== '' || row.length) throw new Error(`The CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`)
  return rows
}

/** The rows under the header as objects keyed by its names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text)
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ''])))
}
