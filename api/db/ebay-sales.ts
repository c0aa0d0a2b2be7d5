// SQL for learning of eBay sales: the orders applied (ebay_orders, by eBay's order id) and the listing an order's SKU
// is. How far their orders were read is db/sales-polls.ts; whose grant works, db/marketplace-connections.ts.
import type { Tx } from './client.ts'
import { lowerPlaceQuantity } from './listing-places.ts'

/** A line of an order: what sold, under which SKU ('' for none) and eBay item. */
export interface SoldLine {
  sku: string
  itemId: string | null
  quantity: number
  unitPriceCents: number
  /** eBay's id of the line, and what the buyer paid to ship it. */
  lineId: string | null
  shippingCents: number
  /** The sales tax eBay collected on the line and paid over itself. */
  salesTaxCents: number
}
/** Records the order as applied; false when it was applied before (a poll's overlap, a retry, another process). */
export async function markOrderApplied(tx: Tx, userId: number, orderId: string): Promise<boolean> {
  const fresh =
    await tx`insert into ebay_orders (order_id, user_id) values (${orderId}, ${userId}) on conflict do nothing returning order_id`
  return fresh.length > 0
}

/**
 * The seller's listing with this SKU (issue 27, F2): an order on the seller's eBay account of an item listed elsewhere
 * (by hand, another Snaplist install) finds none, and nothing of anyone else's.
 */
export async function listingOfSku(tx: Tx, userId: number, sku: string): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`
    select l.id from listing_places p join listings l on l.id = p.listing_id
    where p.marketplace = 'ebay' and lower(p.details ->> 'sku') = lower(${sku}) and p.details ->> 'sku' = ${sku}
      and l.user_id = ${userId}`
  return row?.id
}

/**
 * The seller's listing live as this eBay item, for an order line without a SKU of theirs: a listing imported from
 * ebay.com (docs/decisions/0037). Nothing of anyone else's.
 */
export async function listingOfEbayItem(tx: Tx, userId: number, itemId: string): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`
    select l.id from listing_places p join listings l on l.id = p.listing_id
    where p.marketplace = 'ebay' and p.external_id = ${itemId} and l.user_id = ${userId}
      and l.ebay_import_source is not null`
  return row?.id
}

/** eBay lowered its own count when it sold: what it last got from Snaplist is that much less now. */
export const lowerSentQuantity = (tx: Tx, listingId: number, sold: number) =>
  lowerPlaceQuantity(tx, listingId, 'ebay', sold)
