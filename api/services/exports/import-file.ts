// The file of a CSV import of the seller's books (api/contract/books-import.ts), read and checked on its own before any
// listing is looked at: its columns, and each row's SKU and new values read with the listing fields' own rules. What
// needs the seller's listings (which SKU names which, which new SKU is free) is inventory-import.ts's.
import * as v from 'valibot'
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_LINES,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  type ImportRefusal,
} from '../../contract/books-import.ts'
import { ListingInputSchema } from '../../contract/listing.ts'
import { toCents } from '../../contract/listing-field-schemas.ts'
import { badRequest } from '../../errors.ts'
import { readCsv } from './csv-read.ts'

type Column = keyof typeof IMPORT_COLUMNS

/** The values a row sets; a column the file lacks leaves its value as the listing has it. */
export interface NextBooks {
  costCents?: number | null
  bin?: string
  sku: string
}

/** A row naming a listing by its SKU: the values it sets, or why they break the listing fields' rules. */
export interface ImportRow {
  line: number
  sku: string
  next: NextBooks | { issues: string }
}

export interface ImportFile {
  rows: ImportRow[]
  /** Rows refused for the file alone: a blank SKU, or one named on an earlier line. */
  refused: ImportRefusal[]
}

const rowCount = IMPORT_MAX_ROWS.toLocaleString('en-US')
const CAPS = {
  maxRows: IMPORT_MAX_ROWS + 1, // and the header
  maxLines: IMPORT_MAX_LINES,
  maxRowChars: IMPORT_MAX_ROW_CHARS,
  tooManyRows: `The file has more than ${rowCount} rows; at most ${rowCount} at a time.`,
  tooManyLines: `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en-US')} lines (blank ones count); at most ${rowCount} rows at a time.`,
}

/** Where each column read sits in a row; the SKU always, and at least one column that changes something. */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const names = header.map((name) => name.trim().toLowerCase())
  const found = Object.fromEntries(
    (Object.entries(IMPORT_COLUMNS) as [Column, string][])
      .map(([column, name]) => [column, names.indexOf(name.toLowerCase())] as const)
      .filter(([, index]) => index >= 0),
  )
  const { sku, cost, bin, newSku } = IMPORT_COLUMNS
  if (found.sku === undefined || Object.keys(found).length === 1)
    throw badRequest(
      `The file's first line must name its columns: ${sku}, and ${cost}, ${bin} or ${newSku} (the inventory CSV's own columns work).`,
    )
  return found
}

const { cost: COST, bin: BIN, sku: SKU } = ListingInputSchema.entries

/** A row's new values read with the listing fields' own rules; a money cell may carry a $ and thousands commas. */
function nextOf(cells: Partial<Record<Column, string>>, sku: string): ImportRow['next'] {
  const issues: string[] = []
  const read = <S extends v.GenericSchema>(schema: S, text: string): v.InferOutput<S> | undefined => {
    const parsed = v.safeParse(schema, text)
    if (!parsed.success) issues.push(...parsed.issues.map((issue) => issue.message))
    return parsed.success ? parsed.output : undefined
  }
  const cost = cells.cost === undefined ? undefined : read(COST, cells.cost.replace(/^\$/, '').replaceAll(',', ''))
  const bin = cells.bin === undefined ? undefined : read(BIN, cells.bin)
  const newSku = read(SKU, cells.newSku || sku)
  if (issues.length) return { issues: issues.join(' ') }
  return {
    ...(cells.cost === undefined ? {} : { costCents: cost === null || cost === undefined ? null : toCents(cost) }),
    ...(bin === undefined ? {} : { bin }),
    sku: newSku!,
  }
}

/** The file's rows as they arrive (blank ones left out), refused whole (400) the moment it passes a cap or cannot be read. */
export async function readImportFile(source: AsyncIterable<Buffer>): Promise<ImportFile> {
  let columns: [Column, number][] | undefined
  const rows: ImportRow[] = []
  const refused: ImportRefusal[] = []
  const firstLineOf = new Map<string, number>()
  for await (const { line, cells } of readCsv(source, CAPS)) {
    if (!columns) {
      columns = Object.entries(columnsOf(cells)) as [Column, number][]
      continue
    }
    const read: Partial<Record<Column, string>> = {}
    for (const [column, index] of columns) read[column] = (cells[index] ?? '').trim()
    const sku = read.sku!
    const earlier = firstLineOf.get(sku)
    if (!sku) refused.push({ line, message: `The ${IMPORT_COLUMNS.sku} is blank.` })
    else if (earlier) refused.push({ line, message: `${sku} is also on line ${earlier}: keep one of them.` })
    else {
      firstLineOf.set(sku, line)
      rows.push({ line, sku, next: nextOf(read, sku) })
    }
  }
  if (!columns) throw badRequest('The file is empty.')
  return { rows, refused }
}
