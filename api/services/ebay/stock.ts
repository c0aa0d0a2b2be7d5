// What eBay may sell of a listing (decision 0030). eBay has no "take one off": createOrReplaceInventoryItem sets the
// count, and eBay lowers its count by itself when a piece sells, so a count read from eBay and written back loses any
// sale that lands between the read and the write. So no revision sends more than both bounds Snaplist has (eBay's count
// as just read, and the count eBay last got less the sales applied since) plus the seller's own change, and after
// writing it reads the orders of those minutes: a sale of the listing among them is a piece eBay may have put back, so
// eBay's count is read again and lowered at once (bulkUpdatePriceQuantity, the count alone) when it is above the bound.
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import * as revisions from '../../db/ebay-revisions.ts'
import { OVERLAP_MS, type EbayOrders } from './orders.ts'
import { INVENTORY, readReply, type EbaySellClient } from './sell-api.ts'

/** Reads and lowerings after one write before the sales poll is left to catch what still lands (one sale each round). */
const ROUNDS = 4

// getInventoryItem's reply: its count is read, and the rest compared with what was sent, so every field is kept.
const ItemOnEbaySchema = v.looseObject({
  availability: v.optional(
    v.looseObject({ shipToLocationAvailability: v.optional(v.looseObject({ quantity: v.optional(v.number()) })) }),
  ),
})
export type ItemOnEbay = v.InferOutput<typeof ItemOnEbaySchema> | undefined

export const countOf = (item: ItemOnEbay) => item?.availability?.shipToLocationAvailability?.quantity

export interface EbayStockDeps {
  sql: Sql
  sell: EbaySellClient
  orders: EbayOrders
}

export interface EbayStock {
  itemOnEbay(token: string, sku: string): Promise<ItemOnEbay>
  /**
   * Called once the item call carrying a count read at `countedAt` went: applies the seller's orders since then (less
   * the overlap that covers eBay's and our clocks) and, while one of them sold this listing, lowers eBay's count to the
   * bound if a sale was lost under the write. A lowering has its own window; the next round catches a sale in it.
   */
  closeWindow(token: string, userId: number, listing: { id: number; sku: string }, countedAt: Date): Promise<void>
}

export function createEbayStock({ sql, sell, orders }: EbayStockDeps): EbayStock {
  async function itemOnEbay(token: string, sku: string): Promise<ItemOnEbay> {
    const reply = await sell.send(token, { method: 'GET', path: `${INVENTORY}/inventory_item/${sku}`, accept: [404] })
    return reply.status === 200 ? readReply(ItemOnEbaySchema, reply) : undefined
  }

  /** Sets eBay's count alone, leaving the item and the offer as they are. */
  async function lower(token: string, sku: string, quantity: number): Promise<void> {
    await sell.send(token, {
      method: 'POST',
      path: `${INVENTORY}/bulk_update_price_quantity`,
      body: { requests: [{ sku, shipToLocationAvailability: { quantity } }] },
    })
  }

  async function closeWindow(
    token: string,
    userId: number,
    listing: { id: number; sku: string },
    countedAt: Date,
  ): Promise<void> {
    const from = new Date(countedAt.getTime() - OVERLAP_MS)
    for (let round = 0; round < ROUNDS; round += 1) {
      const read = await orders.applySince(token, userId, from)
      if (!read.lines.some((line) => line.sku === listing.sku)) return
      const bound = await revisions.sentQuantity(sql, listing.id)
      const counted = countOf(await itemOnEbay(token, listing.sku))
      if (bound === null || counted === undefined || counted <= bound) return
      await lower(token, listing.sku, bound)
    }
  }

  return { itemOnEbay, closeWindow }
}
