// The seller's costs, bins and SKUs from a CSV file (api/contract/books-import.ts): each row names a listing by its SKU;
// a row that cannot be read or matches none is refused with its line and why, and the others change their listings in
// one transaction. The preview reads the same way and changes nothing, so what the seller approved is what is made. The
// file is read and checked (import-file.ts) before any transaction opens, which only reads the listings it locks and
// writes (issue 46 G1); a seller's imports are limited a minute and a day.
import type { ImportChange, ImportedValue, ImportRefusal, InventoryImportReply } from '../../contract/books-import.ts'
import * as books from '../../db/books-import.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import { AppError, isUniqueViolation } from '../../errors.ts'
import type { SellerLimiter } from '../rate-limit.ts'
import { readImportFile, type ImportFile } from './import-file.ts'

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

interface Planned {
  changes: (ImportChange & { next: { costCents: number | null; bin: string; sku: string } })[]
  refused: ImportRefusal[]
  unchanged: number
}

/** What the file would change, read against the seller's listings now (locked when the import is being made). */
async function plan(sql: Sql | Tx, userId: number, file: ImportFile, lock: boolean): Promise<Planned> {
  const refused = [...file.refused]
  const listings = new Map(
    (
      await books.listingsWithSkus(
        sql,
        userId,
        file.rows.map((row) => row.sku),
        lock,
      )
    ).map((row) => [row.sku, row]),
  )
  const renames = file.rows.flatMap(({ sku, next }) => ('sku' in next && next.sku !== sku ? [next.sku] : []))
  const taken = await books.skusTaken(sql, userId, renames)
  const renamedTo = new Map<string, number>()

  const changes: Planned['changes'] = []
  let unchanged = 0
  for (const { line, sku, next: read } of file.rows) {
    const listing = listings.get(sku)
    if (!listing) {
      refused.push({ line, message: `None of your listings has the SKU ${sku}.` })
      continue
    }
    if ('issues' in read) {
      refused.push({ line, message: read.issues })
      continue
    }
    const next = { costCents: listing.costCents, bin: listing.bin, ...read }
    if (next.sku !== sku && (taken.has(next.sku) || renamedTo.has(next.sku))) {
      const other = renamedTo.get(next.sku)
      refused.push({
        line,
        message: other
          ? `Line ${other} also renames a listing ${next.sku}.`
          : `Another of your listings has the SKU ${next.sku}.`,
      })
      continue
    }
    if (next.sku !== sku) renamedTo.set(next.sku, line)
    const values: ImportedValue[] = [
      { field: 'cost' as const, from: dollars(listing.costCents), to: dollars(next.costCents) },
      { field: 'bin' as const, from: listing.bin, to: next.bin },
      { field: 'sku' as const, from: sku, to: next.sku },
    ].filter(({ from, to }) => from !== to)
    if (values.length === 0) unchanged += 1
    else changes.push({ line, listingId: listing.id, sku, title: listing.title, values, next })
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

/** A CSV file's bytes, as they arrive. */
export type CsvSource = AsyncIterable<Buffer>

export interface InventoryImport {
  /** What the file would change; nothing is written. */
  preview(userId: number, file: CsvSource): Promise<InventoryImportReply>
  /** Makes the changes the file's readable lines ask for, all at once, and tells the seller's open apps. */
  apply(userId: number, file: CsvSource): Promise<InventoryImportReply>
}

export function createInventoryImport(sql: Sql, limiter: SellerLimiter): InventoryImport {
  return {
    async preview(userId, file) {
      await limiter.consume(userId)
      return replyOf(await plan(sql, userId, await readImportFile(file), false), false)
    },

    async apply(userId, file) {
      await limiter.consume(userId)
      const read = await readImportFile(file)
      try {
        return await sql.begin(async (tx) => {
          const planned = await plan(tx, userId, read, true)
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
