// Reading a seller's eBay orders (Fulfillment API getOrders) and applying each once: the sales poll reads from its last
// read, a revision reads the minutes around its own write of the count (decision 0030), both through this. Orders are
// read by when they last changed, not when they were made: a new order changed when it was made, and an order applied
// before whose cancelStatus became CANCELED changed then, and is put back (docs/decisions/0065). One cancelled before it
// was ever read is applied and put back too: eBay took its pieces off its count and gives none back (as Etsy, 0070).
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import * as sales from '../../db/ebay-sales.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import { readReply, type EbaySellClient } from './sell-api.ts'

/** Orders reach getOrders a little after they are made: each read starts this much before where it should. */
export const OVERLAP_MS = 2 * 60 * 1000
/** getOrders' largest page. */
const PAGE_SIZE = 200

const AmountSchema = v.object({ value: v.string() })
const OrdersSchema = v.object({
  total: v.optional(v.number(), 0),
  orders: v.optional(
    v.array(
      v.object({
        orderId: v.string(),
        creationDate: v.string(),
        cancelStatus: v.optional(v.object({ cancelState: v.optional(v.string()) })),
        lineItems: v.optional(
          v.array(
            v.object({
              lineItemId: v.optional(v.string()),
              sku: v.optional(v.string()),
              legacyItemId: v.optional(v.string()),
              quantity: v.number(),
              lineItemCost: AmountSchema,
              deliveryCost: v.optional(v.object({ shippingCost: v.optional(AmountSchema) })),
              ebayCollectAndRemitTaxes: v.optional(v.array(v.object({ amount: v.optional(AmountSchema) })), []),
            }),
          ),
          [],
        ),
      }),
    ),
    [],
  ),
})
type Order = v.InferOutput<typeof OrdersSchema>['orders'][number]

/**
 * The lines of an order that may be Snaplist listings; applyOrder keeps those whose SKU is one of the seller's (sku.ts),
 * or, without one, whose eBay item is (a listing imported from ebay.com: docs/decisions/0037).
 */
function soldLines(order: Order): sales.SoldLine[] {
  return order.lineItems.flatMap((line) => {
    if ((!line.sku && !line.legacyItemId) || line.quantity < 1) return []
    return [
      {
        sku: line.sku ?? '',
        itemId: line.legacyItemId ?? null,
        quantity: line.quantity,
        unitPriceCents: Math.round((Number(line.lineItemCost.value) * 100) / line.quantity),
        lineId: line.lineItemId ?? null,
        shippingCents: Math.round(Number(line.deliveryCost?.shippingCost?.value ?? 0) * 100),
        salesTaxCents: line.ebayCollectAndRemitTaxes.reduce(
          (sum, tax) => sum + Math.round(Number(tax.amount?.value ?? 0) * 100),
          0,
        ),
      },
    ]
  })
}

/** What a read found: how many orders it applied (the others were applied before), and every line it saw. */
export interface OrdersRead {
  applied: number
  lines: sales.SoldLine[]
}

/** Reading the seller's eBay orders and applying their sales, each once. */
export interface EbayOrders {
  /** Applies the orders modified since `from`, every page of them. */
  applySince(token: string, userId: number, from: Date): Promise<OrdersRead>
  /** Reads the orders named (at most 50) and applies those not applied yet; `missing`: those eBay does not have yet. */
  applyOrders(token: string, userId: number, orderIds: string[]): Promise<OrdersRead & { missing: string[] }>
}

export function createEbayOrders({
  sql,
  sell,
  recorder,
}: {
  sql: Sql
  sell: EbaySellClient
  recorder: SaleRecorder
}): EbayOrders {
  async function readPage(token: string, from: Date, offset: number) {
    const filter = encodeURIComponent(`lastmodifieddate:[${from.toISOString()}..]`)
    const reply = await sell.send(token, {
      method: 'GET',
      path: `/sell/fulfillment/v1/order?filter=${filter}&limit=${PAGE_SIZE}&offset=${offset}`,
    })
    return readReply(OrdersSchema, reply)
  }

  /**
   * Applies an order once (ebay_orders keeps its id), each of its lines to the seller's listing with that SKU, and a
   * cancelled one's sales given back, in one transaction; false when it was applied before.
   */
  const applyOrder = (userId: number, orderId: string, soldAt: Date, lines: sales.SoldLine[], cancelled: boolean) =>
    sql.begin(async (tx) => {
      if (!(await sales.markOrderApplied(tx, userId, orderId))) {
        if (cancelled) await recorder.cancelOrder(tx, userId, 'ebay', orderId)
        return false
      }
      for (const [index, line] of lines.entries()) {
        const listingId =
          (line.sku ? await sales.listingOfSku(tx, userId, line.sku) : undefined) ??
          (line.itemId ? await sales.listingOfEbayItem(tx, userId, line.itemId) : undefined)
        if (listingId === undefined) continue
        const { quantity, unitPriceCents, lineId, shippingCents, salesTaxCents } = line
        const sale = {
          marketplace: 'ebay' as const,
          saleId: `${orderId}#${index}`,
          orderId,
          soldAt,
          quantity,
          unitPriceCents,
          lineId,
          shippingCents,
          salesTaxCents,
        }
        if (await recorder.record(tx, userId, listingId, sale)) await sales.lowerSentQuantity(tx, listingId, quantity)
      }
      if (cancelled) await recorder.cancelOrder(tx, userId, 'ebay', orderId)
      return true
    })

  /**
   * Applies the orders read not applied before, adding them to `read`; a cancelled one is put back (its sales'
   * cancellations queued), whether it was applied before or now.
   */
  async function applyRead(userId: number, found: Order[], read: OrdersRead): Promise<void> {
    for (const order of found) {
      const cancelled = order.cancelStatus?.cancelState === 'CANCELED'
      const lines = soldLines(order)
      read.lines.push(...lines)
      if (await applyOrder(userId, order.orderId, new Date(order.creationDate), lines, cancelled)) read.applied += 1
    }
  }

  /** Reads the seller's orders changed since `from` and applies those not applied yet (ebay_orders keeps each once). */
  async function applySince(token: string, userId: number, from: Date): Promise<OrdersRead> {
    const read: OrdersRead = { applied: 0, lines: [] }
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const page = await readPage(token, from, offset)
      await applyRead(userId, page.orders, read)
      if (page.orders.length < PAGE_SIZE || offset + PAGE_SIZE >= page.total) return read
    }
  }

  /**
   * Reads the orders named (at most 50: getOrders' orderIds) and applies those not applied yet; `missing` are those
   * getOrders does not have yet.
   */
  async function applyOrders(
    token: string,
    userId: number,
    orderIds: string[],
  ): Promise<OrdersRead & { missing: string[] }> {
    const reply = await sell.send(token, {
      method: 'GET',
      path: `/sell/fulfillment/v1/order?orderIds=${encodeURIComponent(orderIds.join(','))}`,
    })
    const found = readReply(OrdersSchema, reply).orders
    const read: OrdersRead = { applied: 0, lines: [] }
    await applyRead(userId, found, read)
    return { ...read, missing: orderIds.filter((id) => !found.some((order) => order.orderId === id)) }
  }

  return { applySince, applyOrders }
}
