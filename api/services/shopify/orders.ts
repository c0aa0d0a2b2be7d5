// Reading a store's orders (Admin GraphQL `orders`, scope read_orders) and applying each line once (decision 0074):
// the sales poll reads the orders updated since its last read, a pushed ORDERS_PAID reads the one order it names,
// both through this. A line counts only when its product is one of this seller's Snaplist listings on Shopify. An
// order read again cancelled gives its pieces back; a refund gives back the pieces it restocked, and those it did not
// restock are, once the order is fulfilled, a return the seller judges (decision 0070, as Etsy's shipped receipts).
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'

/** An order reaches the orders search a little after it is paid, and clocks differ: each read starts this much earlier. */
export const SHOPIFY_OVERLAP_MS = 2 * 60 * 1000
// Snaplist's orders are a line or two: pages of 10 orders of up to 10 lines stay well within Shopify's single-query
// cost (1,000), which it counts as each page's size times what each item selects.
const PAGE_SIZE = 10
const LINES_MAX = 10

const Money = v.object({ shopMoney: v.object({ amount: v.string() }) })
const REFUNDS_MAX = 5
const ORDER_FIELDS = `id name createdAt cancelledAt displayFinancialStatus displayFulfillmentStatus
  totalShippingPriceSet { shopMoney { amount } }
  refunds(first: ${REFUNDS_MAX}) {
    refundLineItems(first: ${LINES_MAX}) { nodes { quantity restockType lineItem { id } } }
  }
  lineItems(first: ${LINES_MAX}) {
    nodes { id quantity currentQuantity product { id } originalUnitPriceSet { shopMoney { amount } } }
  }`
const OrderSchema = v.object({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  cancelledAt: v.nullable(v.string()),
  displayFinancialStatus: v.nullable(v.string()),
  displayFulfillmentStatus: v.nullable(v.string()),
  totalShippingPriceSet: Money,
  refunds: v.array(
    v.object({
      refundLineItems: v.object({
        nodes: v.array(
          v.object({ quantity: v.number(), restockType: v.string(), lineItem: v.object({ id: v.string() }) }),
        ),
      }),
    }),
  ),
  lineItems: v.object({
    nodes: v.array(
      v.object({
        id: v.string(),
        quantity: v.number(),
        currentQuantity: v.number(),
        product: v.nullable(v.object({ id: v.string() })),
        originalUnitPriceSet: Money,
      }),
    ),
  }),
})
type Order = v.InferOutput<typeof OrderSchema>

const ORDERS = `query SnaplistOrders($query: String!, $after: String) {
  orders(first: ${PAGE_SIZE}, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`
const OrdersSchema = v.object({
  orders: v.object({
    nodes: v.array(OrderSchema),
    pageInfo: v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) }),
  }),
})
const ORDER = `query SnaplistOrder($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`
const OneOrderSchema = v.object({ order: v.nullable(OrderSchema) })

const cents = (money: v.InferOutput<typeof Money>) => Math.round(Number(money.shopMoney.amount) * 100)
/** The order's number as the seller reads it in Shopify's admin (#1001), its sales' order id here. */
const orderNumber = (order: Order) => order.name.replace(/^#/, '')
const isPaid = (order: Order) =>
  ['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(order.displayFinancialStatus ?? '')
/** Sent to the buyer, wholly or in part: a piece refunded and not restocked is then the buyer's to send back. */
const isFulfilled = (order: Order) =>
  ['FULFILLED', 'PARTIALLY_FULFILLED'].includes(order.displayFulfillmentStatus ?? '')

/** The pieces of a line the order's refunds put back on Shopify's shelf (restocked as a return or a cancellation). */
const restockedPieces = (order: Order, lineId: string) =>
  order.refunds
    .flatMap((refund) => refund.refundLineItems.nodes)
    .filter((each) => each.lineItem.id === lineId && each.restockType !== 'NO_RESTOCK')
    .reduce((sum, each) => sum + each.quantity, 0)

export interface ShopifyOrders {
  /** Reads the orders updated since `from` and applies their lines not applied yet; answers how many were new. */
  applySince(store: ShopifyStore, userId: number, from: Date): Promise<number>
  /** Reads one order (a push named it) and applies its lines not applied yet. */
  applyOne(store: ShopifyStore, userId: number, orderId: string): Promise<number>
}

export function createShopifyOrders({
  sql,
  admin,
  recorder,
}: {
  sql: Sql
  admin: ShopifyAdmin
  recorder: SaleRecorder
}): ShopifyOrders {
  /** Applies the order's lines, each once, each in its own transaction; answers how many were new. */
  async function applyLines(userId: number, order: Order): Promise<number> {
    let applied = 0
    const shipping = cents(order.totalShippingPriceSet)
    for (const [index, line] of order.lineItems.nodes.entries()) {
      if (!line.product || line.quantity < 1) continue
      const productId = line.product.id
      const fresh = await sql.begin(async (tx) => {
        const listingId = await places.listingOfExternalId(tx, userId, 'shopify', productId)
        if (listingId === undefined) return false
        const sale = {
          marketplace: 'shopify' as const,
          saleId: line.id,
          orderId: orderNumber(order),
          lineId: line.id,
          quantity: line.quantity,
          unitPriceCents: cents(line.originalUnitPriceSet),
          // The order's shipping goes with its first line, so it is counted once.
          shippingCents: index === 0 ? shipping : 0,
          soldAt: new Date(order.createdAt),
        }
        if (!(await recorder.record(tx, userId, listingId, sale))) return false
        // Shopify lowered its own count when it sold.
        await places.lowerSentQuantity(tx, listingId, 'shopify', line.quantity)
        return true
      })
      if (fresh) applied += 1
    }
    return applied
  }

  /**
   * Applies a paid order, then gives back what it no longer holds: every piece of a cancelled order; of a refunded
   * line, the pieces restocked, and the others too while the order is not yet sent (they never left); sent, those
   * are a return the seller says is sellable or not.
   */
  async function readOrder(userId: number, order: Order): Promise<number> {
    // A cancelled order is applied too, then given back: Shopify took its pieces off its count at the sale.
    if (!isPaid(order) && !order.cancelledAt) return 0
    const applied = await applyLines(userId, order)
    if (!order.cancelledAt && !order.refunds.length) return applied
    await sql.begin(async (tx) => {
      await recorder.refunded(tx, userId, 'shopify', orderNumber(order))
      for (const line of order.lineItems.nodes) {
        const gone = order.cancelledAt ? line.quantity : line.quantity - line.currentQuantity
        const restocked = order.cancelledAt ? gone : Math.min(gone, restockedPieces(order, line.id))
        const kept = isFulfilled(order) ? gone - restocked : 0
        // Restocked, Shopify counts the pieces again by itself (a cancellation without restock does not).
        const shelved = restockedPieces(order, line.id) > 0
        if (gone - kept > 0) await recorder.cancelPieces(tx, userId, 'shopify', line.id, gone - kept, shelved)
        if (kept > 0) await recorder.returned(tx, userId, 'shopify', line.id, kept)
      }
    })
    return applied
  }

  return {
    async applySince(store, userId, from) {
      let applied = 0
      for (let after: string | null = null; ;) {
        const { orders }: v.InferOutput<typeof OrdersSchema> = await admin.request(store, {
          what: 'orders',
          document: ORDERS,
          variables: { query: `updated_at:>='${from.toISOString()}'`, after },
          schema: OrdersSchema,
        })
        for (const order of orders.nodes) applied += await readOrder(userId, order)
        if (!orders.pageInfo.hasNextPage || !orders.pageInfo.endCursor) return applied
        after = orders.pageInfo.endCursor
      }
    },

    async applyOne(store, userId, orderId) {
      const { order } = await admin.request(store, {
        what: 'order',
        document: ORDER,
        variables: { id: orderId },
        schema: OneOrderSchema,
      })
      return order ? readOrder(userId, order) : 0
    },
  }
}
