// SQL for the CSV import of the seller's books (api/contract/books-import.ts): the seller's listings named by the file's
// SKUs, and the costs, bins and SKUs it changes. Scoped to the seller.
import type { Sql, Tx } from './client.ts'

export interface BooksRow {
  id: number
  sku: string
  title: string
  costCents: number | null
  bin: string
}

/** The seller's listings with these SKUs; locked until the transaction ends when the import is being made. */
export const listingsWithSkus = (sql: Sql | Tx, userId: number, skus: string[], lock: boolean) =>
  sql<BooksRow[]>`
    select id, sku, title, cost_cents, bin from listings
    where user_id = ${userId} and deleting_since is null and sku = any(${skus}::text[])
    ${lock ? sql`for update` : sql``}`

/** Which of these SKUs the seller's listings have (a listing being deleted keeps its SKU until it goes). */
export const skusTaken = async (sql: Sql | Tx, userId: number, skus: string[]) =>
  new Set(
    (
      await sql<{ sku: string }[]>`select sku from listings where user_id = ${userId} and sku = any(${skus}::text[])`
    ).map((row) => row.sku),
  )

/** Sets what the file changes (the version trigger counts it, as an edit on the phone). */
export const setBooks = (
  tx: Tx,
  userId: number,
  id: number,
  values: { costCents: number | null; bin: string; sku: string },
) =>
  tx`update listings set cost_cents = ${values.costCents}, bin = ${values.bin}, sku = ${values.sku}
    where user_id = ${userId} and id = ${id}`
