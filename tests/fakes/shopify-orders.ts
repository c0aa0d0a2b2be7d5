// The Shopify stand-in's orders: a buyer's paid order lowers the product's available quantity at the location, a
// cancellation restocks it, a refund gives money back and restocks what it says; the `orders` query reads them by
// `updated_at` and `name` (shopify-order-search.ts), sorted and paged; their payments (shopify-transactions.ts); and
// the REST-shaped payload Shopify's orders/* webhooks carry.
import { connection, gid, idOf, money } from './shopify-graph.ts'
import { matches, SORTED_BY } from './shopify-order-search.ts'
import { productView } from './shopify-products.ts'
import type { FakeShopifyProduct, FakeShopifyStore } from './shopify-store.ts'
import { payment, refundTransaction, transactionView, type FakeShopifyTransaction } from './shopify-transactions.ts'

type Args = Record<string, unknown>

export interface FakeShopifyLineItem {
  id: number
  productId: number
  variantId: number
  sku: string | null
  title: string
  quantity: number
  /** What is left of it after refunds and a cancellation. */
  currentQuantity: number
  unitPrice: number
}

export interface FakeShopifyRefund {
  id: number
  createdAt: string
  amount: number
  lines: { lineItemId: number; quantity: number; restockType: 'RETURN' | 'CANCEL' | 'NO_RESTOCK' }[]
}

export interface FakeShopifyOrder {
  id: number
  name: string
  createdAt: string
  updatedAt: string
  cancelledAt: string | null
  cancelReason: string | null
  financialStatus: 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED'
  fulfillmentStatus: 'UNFULFILLED' | 'FULFILLED'
  shipping: number
  lineItems: FakeShopifyLineItem[]
  refunds: FakeShopifyRefund[]
  /** The buyer's payment, then each refund's money given back. */
  transactions: FakeShopifyTransaction[]
}

export type FakeShopifyOrders = Map<number, FakeShopifyOrder>

const total = (order: FakeShopifyOrder) =>
  order.lineItems.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0) + order.shipping
const refunded = (order: FakeShopifyOrder) => order.refunds.reduce((sum, refund) => sum + refund.amount, 0)

/** A buyer buys `quantity` of the product: a paid order, the quantity taken from the location's stock. */
export function sellOnShopify(
  store: FakeShopifyStore,
  orders: FakeShopifyOrders,
  product: FakeShopifyProduct,
  quantity: number,
  at: number,
  shipping = 0,
): FakeShopifyOrder {
  const available = store.available.get(product.variant.inventoryItemId) ?? 0
  if (product.status !== 'ACTIVE') throw new Error(`product ${product.id} is ${product.status}, not for sale`)
  if (product.variant.tracked && available < quantity) throw new Error(`product ${product.id} has ${available} left`)
  if (product.variant.tracked) store.available.set(product.variant.inventoryItemId, available - quantity)
  const when = new Date(at).toISOString()
  const order: FakeShopifyOrder = {
    id: store.nextId(),
    name: `#${1000 + orders.size + 1}`,
    createdAt: when,
    updatedAt: when,
    cancelledAt: null,
    cancelReason: null,
    financialStatus: 'PAID',
    fulfillmentStatus: 'UNFULFILLED',
    shipping,
    lineItems: [
      {
        id: store.nextId(),
        productId: product.id,
        variantId: product.variant.id,
        sku: product.variant.sku,
        title: product.title,
        quantity,
        currentQuantity: quantity,
        unitPrice: Number(product.variant.price),
      },
    ],
    refunds: [],
    transactions: [],
  }
  order.transactions.push(payment(store.nextId(), store.payments, total(order), when))
  orders.set(order.id, order)
  return order
}

function restock(store: FakeShopifyStore, line: FakeShopifyLineItem, quantity: number) {
  const product = store.products.get(line.productId)
  if (!product?.variant.tracked) return
  const item = product.variant.inventoryItemId
  store.available.set(item, (store.available.get(item) ?? 0) + quantity)
}

/** The refund, and its money given back through the gateway that took the payment. */
function addRefund(store: FakeShopifyStore, order: FakeShopifyOrder, refund: Omit<FakeShopifyRefund, 'id'>) {
  order.refunds.push({ id: store.nextId(), ...refund })
  const paid = order.transactions.find((transaction) => transaction.kind === 'SALE')
  if (paid) order.transactions.push(refundTransaction(store.nextId(), paid, refund.amount, refund.createdAt))
}

function orderOf(orders: FakeShopifyOrders, orderId: number): FakeShopifyOrder {
  const order = orders.get(orderId)
  if (!order) throw new Error(`no Shopify order ${orderId}`)
  return order
}

/** The order is cancelled: refunded in full and its items restocked, as the admin's Cancel order does by default. */
export function cancelOrder(store: FakeShopifyStore, orders: FakeShopifyOrders, orderId: number, at: number) {
  const order = orderOf(orders, orderId)
  if (order.cancelledAt) return order
  const when = new Date(at).toISOString()
  const lines = order.lineItems.filter((line) => line.currentQuantity > 0)
  addRefund(store, order, {
    createdAt: when,
    amount: total(order) - refunded(order),
    lines: lines.map((line) => ({ lineItemId: line.id, quantity: line.currentQuantity, restockType: 'CANCEL' })),
  })
  for (const line of lines) {
    restock(store, line, line.currentQuantity)
    line.currentQuantity = 0
  }
  Object.assign(order, { cancelledAt: when, cancelReason: 'CUSTOMER', financialStatus: 'REFUNDED', updatedAt: when })
  return order
}

/** The seller sends the order: every line fulfilled. */
export function fulfillOrder(orders: FakeShopifyOrders, orderId: number, at: number) {
  const order = orderOf(orders, orderId)
  Object.assign(order, { fulfillmentStatus: 'FULFILLED', updatedAt: new Date(at).toISOString() })
  return order
}

/** The seller refunds `quantity` of the order's first line (restocked when `restock`), at its price. */
export function refundOrder(
  store: FakeShopifyStore,
  orders: FakeShopifyOrders,
  orderId: number,
  { quantity = 1, restock: restocking = true }: { quantity?: number; restock?: boolean },
  at: number,
) {
  const order = orderOf(orders, orderId)
  const line = order.lineItems[0]!
  const refundedQuantity = Math.min(quantity, line.currentQuantity)
  const when = new Date(at).toISOString()
  addRefund(store, order, {
    createdAt: when,
    amount: refundedQuantity * line.unitPrice,
    lines: [{ lineItemId: line.id, quantity: refundedQuantity, restockType: restocking ? 'RETURN' : 'NO_RESTOCK' }],
  })
  line.currentQuantity -= refundedQuantity
  if (restocking) restock(store, line, refundedQuantity)
  order.financialStatus = refunded(order) >= total(order) ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
  order.updatedAt = when
  return order
}

function lineView(store: FakeShopifyStore, currency: string, line: FakeShopifyLineItem) {
  const product = store.products.get(line.productId)
  return {
    id: gid('LineItem', line.id),
    name: line.title,
    title: line.title,
    sku: line.sku,
    quantity: line.quantity,
    currentQuantity: line.currentQuantity,
    refundableQuantity: line.currentQuantity,
    product: product ? productView(store, product) : null,
    variant: product
      ? { id: gid('ProductVariant', line.variantId), sku: line.sku, price: product.variant.price }
      : null,
    originalUnitPriceSet: money(line.unitPrice, currency),
    discountedUnitPriceSet: money(line.unitPrice, currency),
    originalTotalSet: money(line.unitPrice * line.quantity, currency),
  }
}

function orderView(store: FakeShopifyStore, order: FakeShopifyOrder) {
  const currency = store.currencyCode
  const lines = order.lineItems.map((line) => lineView(store, currency, line))
  return {
    ...order,
    id: gid('Order', order.id),
    legacyResourceId: String(order.id),
    processedAt: order.createdAt,
    currencyCode: currency,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: order.fulfillmentStatus,
    test: false,
    totalPriceSet: money(total(order), currency),
    currentTotalPriceSet: money(total(order) - refunded(order), currency),
    totalShippingPriceSet: money(order.shipping, currency),
    totalRefundedSet: money(refunded(order), currency),
    lineItems: (args: Args) => connection(lines, args),
    transactions: ({ first }: Args) =>
      order.transactions.slice(0, (first as number | null) ?? undefined).map((each) => transactionView(each, currency)),
    refunds: () =>
      order.refunds.map((refund) => ({
        id: gid('Refund', refund.id),
        createdAt: refund.createdAt,
        totalRefundedSet: money(refund.amount, currency),
        refundLineItems: (args: Args) =>
          connection(
            refund.lines.map((each) => ({
              quantity: each.quantity,
              restockType: each.restockType,
              lineItem: lines.find((line) => line.id === gid('LineItem', each.lineItemId)),
            })),
            args,
          ),
      })),
  }
}

/** The `orders` and `order` query fields. */
export function orderFields(store: FakeShopifyStore, orders: FakeShopifyOrders) {
  return {
    orders: ({ query, sortKey, reverse, ...page }: Args) => {
      const key = SORTED_BY[String(sortKey ?? 'ID')] ?? SORTED_BY.ID!
      const found = [...orders.values()]
        .filter((order) => matches(order, query as string | undefined))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
      if (reverse) found.reverse()
      return connection(
        found.map((order) => orderView(store, order)),
        page,
      )
    },
    order: ({ id }: Args) => {
      const order = orders.get(idOf(id, 'Order') ?? -1)
      return order ? orderView(store, order) : null
    },
  }
}

/** The order as Shopify's orders/* webhooks carry it (the REST resource's shape, snake_case). */
export function orderPayload(store: FakeShopifyStore, order: FakeShopifyOrder) {
  return {
    id: order.id,
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason?.toLowerCase() ?? null,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status: order.fulfillmentStatus === 'FULFILLED' ? 'fulfilled' : null,
    currency: store.currencyCode,
    total_price: total(order).toFixed(2),
    line_items: order.lineItems.map((line) => ({
      id: line.id,
      admin_graphql_api_id: gid('LineItem', line.id),
      product_id: line.productId,
      variant_id: line.variantId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      current_quantity: line.currentQuantity,
      price: line.unitPrice.toFixed(2),
    })),
  }
}

/** The refund as Shopify's refunds/create webhook carries it. */
export function refundPayload(order: FakeShopifyOrder, refund: FakeShopifyRefund) {
  return {
    id: refund.id,
    admin_graphql_api_id: gid('Refund', refund.id),
    order_id: order.id,
    created_at: refund.createdAt,
    refund_line_items: refund.lines.map((line) => ({
      line_item_id: line.lineItemId,
      quantity: line.quantity,
      restock_type: line.restockType.toLowerCase(),
    })),
  }
}
