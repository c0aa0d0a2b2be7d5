// The seller's costs, bins and SKUs from a CSV file (api/contract/books-import.ts): each row names a listing by its SKU;
// a row that cannot be read or matches none is refused with its line and why, and the others change their listings in
// one transaction. The preview reads the same way and changes nothing, so what the seller approved is what is made.
import * as v from 'valibot'
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportChange,
  type ImportedValue,
  type ImportRefusal,
  type InventoryImportReply,
} from '../../contract/books-import.ts'
import { ListingInputSchema } from '../../contract/listing.ts'
import { toCents } from '../../contract/listing-field-schemas.ts'
import * as books from '../../db/books-import.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import { AppError, badRequest, isUniqueViolation } from '../../errors.ts'
import { readCsv, type CsvRow } from './csv-read.ts'

type Column = keyof typeof IMPORT_COLUMNS

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

/** A row's new values, read with the listing fields' own rules; a money cell may carry a $ and thousands commas. */
const RowSchema = v.object({
  cost: ListingInputSchema.entries.cost,
  bin: ListingInputSchema.entries.bin,
  sku: ListingInputSchema.entries.sku,
})

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

interface Planned {
  changes: (ImportChange & { next: { costCents: number | null; bin: string; sku: string } })[]
  refused: ImportRefusal[]
  unchanged: number
}

/** What the file would change, read against the seller's listings now (locked when the import is being made). */
async function plan(sql: Sql | Tx, userId: number, text: string, lock: boolean): Promise<Planned> {
  if (text.includes('\0'))
    throw badRequest('The file is not a CSV file: it holds binary data. Save it as CSV and try again.')
  const read = readCsv(text)
  if ('unclosedQuoteAt' in read)
    throw badRequest(`The file's quote on line ${read.unclosedQuoteAt} is never closed. Save it as CSV and try again.`)
  const [header, ...rows] = read.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''))
  if (!header) throw badRequest('The file is empty.')
  if (rows.length > IMPORT_MAX_ROWS)
    throw badRequest(
      `The file has ${rows.length.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time.`,
    )
  const at = columnsOf(header.cells)
  const cellOf = (row: CsvRow, column: Column) => {
    const index = at[column]
    return index === undefined ? undefined : (row.cells[index] ?? '').trim()
  }

  const refused: ImportRefusal[] = []
  const firstLineOf = new Map<string, number>()
  const keyed: { row: CsvRow; sku: string }[] = []
  for (const row of rows) {
    const sku = cellOf(row, 'sku')!
    const earlier = firstLineOf.get(sku)
    if (!sku) refused.push({ line: row.line, message: `The ${IMPORT_COLUMNS.sku} is blank.` })
    else if (earlier) refused.push({ line: row.line, message: `${sku} is also on line ${earlier}: keep one of them.` })
    else {
      firstLineOf.set(sku, row.line)
      keyed.push({ row, sku })
    }
  }
  const listings = new Map(
    (await books.listingsWithSkus(sql, userId, [...firstLineOf.keys()], lock)).map((row) => [row.sku, row]),
  )
  const newSkus = keyed.map(({ row }) => cellOf(row, 'newSku')).filter((sku): sku is string => Boolean(sku))
  const taken = await books.skusTaken(sql, userId, newSkus)
  const renamedTo = new Map<string, number>()

  const changes: Planned['changes'] = []
  let unchanged = 0
  for (const { row, sku } of keyed) {
    const listing = listings.get(sku)
    if (!listing) {
      refused.push({ line: row.line, message: `None of your listings has the SKU ${sku}.` })
      continue
    }
    const cost = cellOf(row, 'cost')
    const newSku = cellOf(row, 'newSku')
    const parsed = v.safeParse(RowSchema, {
      cost: cost === undefined ? dollars(listing.costCents) : cost.replace(/^\$/, '').replaceAll(',', ''),
      bin: cellOf(row, 'bin') ?? listing.bin,
      sku: newSku || sku,
    })
    if (!parsed.success) {
      refused.push({ line: row.line, message: parsed.issues.map((issue) => issue.message).join(' ') })
      continue
    }
    const next = {
      costCents: parsed.output.cost === null ? null : toCents(parsed.output.cost),
      bin: parsed.output.bin,
      sku: parsed.output.sku,
    }
    if (next.sku !== sku && (taken.has(next.sku) || renamedTo.has(next.sku))) {
      const other = renamedTo.get(next.sku)
      refused.push({
        line: row.line,
        message: other
          ? `Line ${other} also renames a listing ${next.sku}.`
          : `Another of your listings has the SKU ${next.sku}.`,
      })
      continue
    }
    if (next.sku !== sku) renamedTo.set(next.sku, row.line)
    const values: ImportedValue[] = [
      { field: 'cost' as const, from: dollars(listing.costCents), to: dollars(next.costCents) },
      { field: 'bin' as const, from: listing.bin, to: next.bin },
      { field: 'sku' as const, from: sku, to: next.sku },
    ].filter(({ from, to }) => from !== to)
    if (values.length === 0) unchanged += 1
    else changes.push({ line: row.line, listingId: listing.id, sku, title: listing.title, values, next })
  }
  refused.sort((a, b) => a.line - b.line)
  return { changes, refused, unchanged }
}

const replyOf = ({ changes, refused, unchanged }: Planned, applied: boolean): InventoryImportReply => ({
  changes: changes.map(({ next: _next, ...change }) => change),
  refused,
  unchanged,
  applied,
})

export function createInventoryImport(sql: Sql) {
  return {
    /** What the file would change; nothing is written. */
    async preview(userId: number, text: string): Promise<InventoryImportReply> {
      return replyOf(await plan(sql, userId, text, false), false)
    },

    /** Makes the changes the file's readable lines ask for, all at once, and tells the seller's open apps. */
    async apply(userId: number, text: string): Promise<InventoryImportReply> {
      try {
        return await sql.begin(async (tx) => {
          const planned = await plan(tx, userId, text, true)
          for (const { listingId, next } of planned.changes) {
            await books.setBooks(tx, userId, listingId, next)
            await logChange(tx, userId, 'listing-edited', listingId, {})
          }
          return replyOf(planned, true)
        })
      } catch (error) {
        // A listing given one of the file's new SKUs between the read and the write: the seller previews again.
        if (isUniqueViolation(error))
          throw new AppError(
            409,
            'sku_taken',
            'Another of your listings took one of the new SKUs meanwhile. Preview the file again.',
          )
        throw error
      }
    },
  }
}

export type InventoryImport = ReturnType<typeof createInventoryImport>
