// CSV as a spreadsheet saves it, read with csv-parse as it arrives (RFC 4180: a byte order mark or not, rows ending CRLF,
// LF or CR, quoted cells holding commas, line breaks and "" for a quote), within caps on rows, lines and a row's length
// that stop the reading the moment one is passed. The reading side of csv.ts: a cell written with a quote mark before a
// formula's first character reads back as the seller typed it.
import { parse, CsvError, type Info, type Options } from 'csv-parse'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { badRequest } from '../../errors.ts'
import { FORMULA_CHARACTERS } from './csv.ts'

export interface CsvRow {
  /** The file's line the row starts on, from 1. */
  line: number
  cells: string[]
}

export interface CsvCaps {
  /** Rows in the file, its first included (and rows of blank cells, which are not given). */
  maxRows: number
  /** Lines in the file: blank ones, and each line of a cell on several lines, count. */
  maxLines: number
  /** Characters in one row. */
  maxRowChars: number
  /** Said when the file has more rows, or more lines. */
  tooManyRows: string
  tooManyLines: string
}

// The quote mark csv.ts writes before a formula's first character.
const FORMULA_GUARD = new RegExp(`^'(?=${FORMULA_CHARACTERS})`)

/** The most bytes parsed in one turn of the event loop: a few milliseconds of work, however the rows are made. */
const SLICE_BYTES = 4 * 1024

/** The source in slices, each parsed in a turn of its own, so no file, however it arrives, holds the event loop. */
async function* inSlices(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of source)
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      yield chunk.subarray(at, at + SLICE_BYTES)
      await nextTurn()
    }
}

const unreadable = (why: string) => badRequest(`${why} Save it as CSV and try again.`)

function refusalOf(error: CsvError, line: number, { maxRowChars }: CsvCaps) {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return unreadable(`The file's quote on line ${line} is never closed.`)
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return unreadable(
      `The row on line ${line} is longer than ${maxRowChars.toLocaleString('en-US')} characters: is a quote never closed?`,
    )
  return unreadable(`The file could not be read as CSV from line ${line}.`)
}

/**
 * The file's rows that hold something, one at a time as its bytes arrive; a file past a cap, with a quote never closed
 * or holding binary data is refused (400) as soon as the parser reaches that row or line. Blank lines cost next to
 * nothing and are counted in the lines; stopping early leaves the rest of the source unread.
 */
export async function* readCsv(source: AsyncIterable<Buffer>, caps: CsvCaps): AsyncGenerator<CsvRow> {
  // Where the last row ended, and how many blank lines the parser had passed by then: the next row, or the quote never
  // closed, starts on the line after it and the blank lines passed since.
  let ended = { lines: 0, emptyLines: 0 }
  const nextLine = ({ empty_lines }: Pick<Info, 'empty_lines'>) => ended.lines + 1 + empty_lines - ended.emptyLines
  let rows = 0
  const options: Options<CsvRow, string[]> = {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // A quote inside an unquoted cell (5" vase) is the seller's text, as a spreadsheet reads it.
    relax_quotes: true,
    skip_empty_lines: true,
    to_line: caps.maxLines,
    max_record_size: caps.maxRowChars,
    // Run by the parser as it ends each row, so a file is refused at the row that passes the cap, before any reader.
    on_record: (cells: string[], info): CsvRow | undefined => {
      const line = nextLine(info)
      ended = { lines: info.lines, emptyLines: info.empty_lines }
      rows += 1
      if (rows > caps.maxRows) throw badRequest(caps.tooManyRows)
      if (cells.some((cell) => cell.includes('\0')))
        throw badRequest('The file is not a CSV file: it holds binary data. Save it as CSV and try again.')
      const read = cells.map((cell) => cell.replace(FORMULA_GUARD, ''))
      return read.every((cell) => cell.trim() === '') ? undefined : { line, cells: read }
    },
  }
  // csv-parse's typings give on_record's rows their own type only with `columns` (objects); its rows here are CsvRows.
  const parser = parse(options as unknown as Options)
  // Stopping early destroys the parser, which rejects the pipeline; a failure of the source reaches the parser.
  pipeline(Readable.from(inSlices(source)), parser).catch(() => {})
  try {
    yield* parser as AsyncIterable<CsvRow>
    // to_line ends the rows quietly at the line past the cap.
    if (parser.info.lines > caps.maxLines) throw badRequest(caps.tooManyLines)
  } catch (error) {
    throw error instanceof CsvError ? refusalOf(error, nextLine(parser.info), caps) : error
  } finally {
    parser.destroy()
  }
}
