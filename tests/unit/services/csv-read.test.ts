// Reading CSV as spreadsheets save it (api/services/exports/csv-read.ts), and reading back what the exports write.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BOM, csvRow } from '../../../api/services/exports/csv.ts'
import { readCsv } from '../../../api/services/exports/csv-read.ts'

const cellsOf = (text: string) => {
  const read = readCsv(text)
  if ('unclosedQuoteAt' in read) throw new Error(`unclosed quote at ${read.unclosedQuoteAt}`)
  return read.rows
}

describe('reading CSV', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, with each row’s first line', () => {
    const text = `${BOM}SKU,Title,Bin\r\nA-1,"Lamp, ""brass""",B2\r\nA-2,"two\nlines",\nA-3,plain,C1`
    expect(cellsOf(text)).toEqual([
      { line: 1, cells: ['SKU', 'Title', 'Bin'] },
      { line: 2, cells: ['A-1', 'Lamp, "brass"', 'B2'] },
      { line: 3, cells: ['A-2', 'two\nlines', ''] },
      { line: 5, cells: ['A-3', 'plain', 'C1'] },
    ])
  })

  it('says where a quote is never closed', () => {
    expect(readCsv('SKU,Cost\nA-1,2\n"A-2,3\n')).toEqual({ unclosedQuoteAt: 3 })
  })

  it('reads back every row the exports write, formulas the seller typed included', () => {
    // Not text the seller began with ' and a formula's first character: that is what the guard itself looks like.
    const text = fc
      .string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', '=', '+', '-', '@', "'", 'é') })
      .filter((cell) => !/^'[=+\-@\t\r]/.test(cell))
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const written = BOM + rows.map(csvRow).join('')
        expect(cellsOf(written).map((row) => row.cells)).toEqual(rows)
      }),
    )
  })
})
