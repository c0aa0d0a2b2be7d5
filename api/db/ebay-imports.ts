// SQL for bringing a seller's live eBay listings into Snaplist (docs/decisions/0037): ebay_imports keeps one import per
// seller and the page it is on; an imported listing is found by the seller and eBay's item id, so a page done again
// (after a kill, or a second import) makes nothing twice. Only for the seller whose service found them.
import type { Sql, Tx } from './client.ts'
import { markPlaceLive } from './listing-places.ts'

export type ImportPhase = 'inventory' | 'trading' | 'done'

export interface ImportRow {
  userId: number
  status: 'running' | 'done' | 'failed'
  phase: ImportPhase
  inventoryOffset: number
  tradingPage: number
  total: number | null
  skipped: number
  message: string | null
  updatedAt: Date
}

const COLUMNS = 'user_id, status, phase, inventory_offset, trading_page, total, skipped, message, updated_at'

export async function findImport(sql: Sql | Tx, userId: number): Promise<ImportRow | undefined> {
  const [row] = await sql<ImportRow[]>`select ${sql.unsafe(COLUMNS)} from ebay_imports where user_id = ${userId}`
  return row
}

/**
 * Starts an import from the first page, unless one is running and moved within `staleSeconds` (its job is at it);
 * answers the row and whether this call started it. A running import that stopped moving (its process died), or that
 * eBay is holding up (its trouble noted), goes on from its page: the job it is given again finds the listings already
 * made.
 */
export async function startImport(
  sql: Sql,
  userId: number,
  staleSeconds: number,
): Promise<{ row: ImportRow; started: boolean }> {
  const [started] = await sql<ImportRow[]>`
    insert into ebay_imports (user_id, status, phase) values (${userId}, 'running', 'inventory')
    on conflict (user_id) do update set
      status = 'running', message = null, updated_at = now(), started_at = case when ebay_imports.status = 'running'
        then ebay_imports.started_at else now() end,
      phase = case when ebay_imports.status = 'running' then ebay_imports.phase else 'inventory' end,
      inventory_offset = case when ebay_imports.status = 'running' then ebay_imports.inventory_offset else 0 end,
      trading_page = case when ebay_imports.status = 'running' then ebay_imports.trading_page else 1 end,
      skipped = case when ebay_imports.status = 'running' then ebay_imports.skipped else 0 end,
      total = case when ebay_imports.status = 'running' then ebay_imports.total end
    where ebay_imports.status <> 'running' or ebay_imports.message is not null
      or ebay_imports.updated_at < now() - make_interval(secs => ${staleSeconds})
    returning ${sql.unsafe(COLUMNS)}`
  if (started) return { row: started, started: true }
  return { row: (await findImport(sql, userId))!, started: false }
}

/** The count of active fixed-price listings eBay has for the seller. */
export async function saveTotal(sql: Sql, userId: number, total: number): Promise<void> {
  await sql`update ebay_imports set total = ${total}, message = null, updated_at = now() where user_id = ${userId}`
}

/** A page is done: the next one, and the listings of it that could not be brought; in the page's last transaction. */
export async function savePage(
  sql: Sql | Tx,
  userId: number,
  next: { phase: ImportPhase; inventoryOffset?: number; tradingPage?: number },
  skipped: number,
): Promise<void> {
  await sql`
    update ebay_imports set phase = ${next.phase}, skipped = skipped + ${skipped}, message = null, updated_at = now(),
      inventory_offset = coalesce(${next.inventoryOffset ?? null}, inventory_offset),
      trading_page = coalesce(${next.tradingPage ?? null}, trading_page),
      status = case when ${next.phase} = 'done' then 'done' else status end
    where user_id = ${userId}`
}

/**
 * Still at it, but eBay is holding it up (busy, or not answering): what, in the seller's words, until a page or the
 * count is read again. Not taken for dead meanwhile.
 */
export async function noteTrouble(sql: Sql, userId: number, message: string): Promise<void> {
  await sql`
    update ebay_imports set message = ${message}, updated_at = now() where user_id = ${userId} and status = 'running'`
}

export async function failImport(sql: Sql, userId: number, message: string): Promise<void> {
  await sql`update ebay_imports set status = 'failed', message = ${message}, updated_at = now() where user_id = ${userId}`
}

/** The seller's listings imported from eBay, on Snaplist now. */
export async function countImported(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from listings where user_id = ${userId} and ebay_imported_item_id is not null`
  return row!.count
}

/**
 * Whether the seller has this eBay listing on Snaplist already: imported, or published from Snaplist (its item id as
 * platform id, or its SKU).
 */
export async function alreadyHere(tx: Tx, userId: number, itemId: string, sku: string | null): Promise<boolean> {
  const [row] = await tx<{ found: boolean }[]>`
    select exists (select 1 from listings l left join listing_places p on p.listing_id = l.id and p.marketplace = 'ebay'
      where l.user_id = ${userId} and (l.ebay_imported_item_id = ${itemId} or p.external_id = ${itemId}
        or (${sku}::text is not null and lower(p.details ->> 'sku') = lower(${sku}) and p.details ->> 'sku' = ${sku})))
      as found`
  return row!.found
}

/** Which of these eBay item ids the seller has on Snaplist (imported, or published from Snaplist). */
export async function itemIdsHere(sql: Sql, userId: number, itemIds: string[]): Promise<Set<string>> {
  if (!itemIds.length) return new Set()
  const rows = await sql<{ itemId: string }[]>`
    select coalesce(l.ebay_imported_item_id, p.external_id) as item_id
    from listings l left join listing_places p on p.listing_id = l.id and p.marketplace = 'ebay'
    where l.user_id = ${userId} and (l.ebay_imported_item_id = any(${itemIds}::text[])
      or p.external_id = any(${itemIds}::text[]))`
  return new Set(rows.map((row) => row.itemId))
}

/** Which of these eBay SKUs the seller has on Snaplist (imported from the Inventory API, or published from Snaplist). */
export async function skusHere(sql: Sql, userId: number, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set()
  const rows = await sql<{ sku: string }[]>`
    select p.details ->> 'sku' as sku from listing_places p join listings l on l.id = p.listing_id
    where p.marketplace = 'ebay' and lower(p.details ->> 'sku') = any(${skus.map((sku) => sku.toLowerCase())}::text[])
      and p.details ->> 'sku' = any(${skus}::text[]) and l.user_id = ${userId}`
  return new Set(rows.map((row) => row.sku))
}

/** What makes a new listing the live eBay item it came from, in its insert's transaction. */
export async function linkToEbayItem(
  tx: Tx,
  listingId: number,
  link: {
    source: 'inventory' | 'trading'
    itemId: string
    sku: string | null
    offerId: string | null
    condition: 'new' | 'used'
    ebayCondition: string | null
  },
): Promise<void> {
  await tx`
    update listings set ebay_import_source = ${link.source}, ebay_imported_item_id = ${link.itemId},
      condition = ${link.condition}, ebay_condition = ${link.ebayCondition}
    where id = ${listingId}`
  await markPlaceLive(tx, listingId, 'ebay', link.itemId, { sku: link.sku, offerId: link.offerId })
}
