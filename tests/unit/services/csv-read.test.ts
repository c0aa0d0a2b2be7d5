// Reading CSV as spreadsheets save it (api/services/exports/csv-read.ts), as its bytes arrive in pieces of any size,
// within its caps; and reading back what the exports write (csv.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BOM, csvRows } from '../../../api/services/exports/csv.ts'
import { readCsv, type CsvCaps } from '../../../api/services/exports/csv-read.ts'

const CAPS: CsvCaps = {
  maxRows: 1000,
  maxLines: 2000,
  maxRowChars: 1000,
  tooManyRows: 'Too many rows.',
  tooManyLines: 'Too many lines.',
}

/** The text's UTF-8 bytes in pieces of `size` bytes (a piece may end inside a character or a CRLF), and how many were read. */
function arriving(text: string, size = 7) {
  const bytes = Buffer.from(text)
  const source = {
    pieces: 0,
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < bytes.length; at += size) {
        source.pieces += 1
        yield bytes.subarray(at, at + size)
      }
    },
  }
  return source
}

async function rowsOf(text: string, { size = 7, caps = CAPS } = {}) {
  const rows = []
  for await (const row of readCsv(arriving(text, size), caps)) rows.push(row)
  return rows
}

describe('reading CSV', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, with each row’s first line', async () => {
    const text = `${BOM}SKU,Title,Bin\r\nA-1,"Lamp, ""brass""",B2\r\nA-2,"two\nlines",\nA-3,plain,C1\r\n\nA-4,5" vase,é`
    expect(await rowsOf(text)).toEqual([
      { line: 1, cells: ['SKU', 'Title', 'Bin'] },
      { line: 2, cells: ['A-1', 'Lamp, "brass"', 'B2'] },
      { line: 3, cells: ['A-2', 'two\nlines', ''] },
      { line: 5, cells: ['A-3', 'plain', 'C1'] },
      { line: 7, cells: ['A-4', '5" vase', 'é'] },
    ])
  })

  it('says where a quote is never closed, or a row runs past its length', async () => {
    await expect(rowsOf('SKU,Cost\nA-1,2\n"A-2,3\nA-3,4\n')).rejects.toThrow(
      "The file's quote on line 3 is never closed. Save it as CSV and try again.",
    )
    await expect(rowsOf('SKU,Cost\n\r\n\n"A-2,3\nA-3,4\n')).rejects.toThrow(
      "The file's quote on line 4 is never closed.",
    )
    await expect(rowsOf(`SKU,Cost\nA-1,${'9'.repeat(60)}\n`, { caps: { ...CAPS, maxRowChars: 50 } })).rejects.toThrow(
      'The row on line 2 is longer than 50 characters: is a quote never closed?',
    )
  })

  it('refuses binary data', async () => {
    await expect(rowsOf('SKU,Cost\nA\u00001,2\n')).rejects.toThrow('it holds binary data')
  })

  it('stops at the first line or row past the caps, reading no more of the file than it needs', async () => {
    const readAll = async (source: AsyncIterable<Buffer>, caps: CsvCaps) => {
      for await (const _row of readCsv(source, caps)) void _row
    }
    // 2 MB in 32 pieces: the lines past the cap, or the rows of blank cells, are in the first.
    const lineBreaks = arriving('\n'.repeat(2 * 1024 * 1024), 64 * 1024)
    await expect(readAll(lineBreaks, { ...CAPS, maxLines: 20_000 })).rejects.toThrow('Too many lines.')
    expect(lineBreaks.pieces).toBeLessThanOrEqual(2)
    const blankCells = arriving(' ,\n'.repeat(700_000), 64 * 1024)
    await expect(readAll(blankCells, { ...CAPS, maxRows: 10_000, maxLines: 20_000 })).rejects.toThrow('Too many rows.')
    expect(blankCells.pieces).toBeLessThanOrEqual(2)

    // Lines as the parser counts them: a line break at the end begins a last, empty line.
    expect(await rowsOf('a\n\n \n', { caps: { ...CAPS, maxRows: 2, maxLines: 4 } })).toEqual([
      { line: 1, cells: ['a'] },
    ])
    await expect(rowsOf('a\n\n \n\n', { caps: { ...CAPS, maxLines: 4 } })).rejects.toThrow('Too many lines.')
    await expect(rowsOf('a\n\n \nb', { caps: { ...CAPS, maxRows: 2 } })).rejects.toThrow('Too many rows.')
    await expect(rowsOf('a\n\n\n\nb', { caps: { ...CAPS, maxLines: 4 } })).rejects.toThrow('Too many lines.')
  })

  it('reads back every row the exports write that holds something, formulas the seller typed included, however the bytes arrive', async () => {
    // Not text the seller began with ' and a formula's first character: that is what the guard itself looks like.
    const text = fc
      .string({
        unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', '\r', '=', '+', '-', '@', '\t', '＝', "'", 'é', '🦄'),
      })
      .filter((cell) => !/^'[=+\-@\t\r＝＋－＠]/.test(cell))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(text, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (rows, size) => {
          const written = BOM + csvRows(rows)
          const holdingSomething = rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
          expect((await rowsOf(written, { size })).map((row) => row.cells)).toEqual(holdingSomething)
        },
      ),
    )
  })
})
