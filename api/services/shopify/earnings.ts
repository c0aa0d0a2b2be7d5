// What a Shopify order earned (decision 0079), read with read_orders: the order's transactions, whose `fees` Shopify
// fills in only for Shopify Payments' (the processing fee on the buyer's payment; a refund's, if any, credited back).
// An order paid through another provider has no fees Shopify knows: the published rate's estimate stays, said to be
// one, and is not asked about again. Shopify's fee is charged when the payment is captured and is kept on a refund;
// the order's figures are settled once it is sent (a cancellation or refund reads them once more, decision 0072).
import * as v from 'valibot'
import type { FeeLine } from '../../contract/sale-earnings.ts'
import { spreadCents } from '../../contract/spread-cents.ts'
import type { OrderSale, ReadEarnings } from '../../db/marketplace-sales.ts'
import type { OrderEarnings } from '../selling/marketplace.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'

/** Shopify Payments' gateway name on a transaction, the only one Shopify reads fees for. */
export const SHOPIFY_PAYMENTS_GATEWAY = 'shopify_payments'
// A payment, a few refunds and their retries; Snaplist's orders are a line or two (as orders.ts reads them).
const TRANSACTIONS_MAX = 20
const LINES_MAX = 10

const Amount = v.object({ amount: v.string() })
const EARNINGS = `query SnaplistOrderEarnings($query: String!) {
  orders(first: 1, query: $query) {
    nodes {
      name displayFulfillmentStatus
      lineItems(first: ${LINES_MAX}) { nodes { id quantity originalUnitPriceSet { shopMoney { amount } } } }
      transactions(first: ${TRANSACTIONS_MAX}) {
        kind status gateway amountSet { shopMoney { amount } } fees { type amount { amount } }
      }
    }
  }
}`
const EarningsSchema = v.object({
  orders: v.object({
    nodes: v.array(
      v.object({
        name: v.string(),
        displayFulfillmentStatus: v.nullable(v.string()),
        lineItems: v.object({
          nodes: v.array(
            v.object({ id: v.string(), quantity: v.number(), originalUnitPriceSet: v.object({ shopMoney: Amount }) }),
          ),
        }),
        transactions: v.array(
          v.object({
            kind: v.string(),
            status: v.string(),
            gateway: v.nullable(v.string()),
            amountSet: v.object({ shopMoney: Amount }),
            fees: v.array(v.object({ type: v.string(), amount: Amount })),
          }),
        ),
      }),
    ),
  }),
})
type Transaction = v.InferOutput<typeof EarningsSchema>['orders']['nodes'][number]['transactions'][number]

const cents = (money: { amount: string }) => Math.round(Math.abs(Number(money.amount)) * 100)
const isDone = (transaction: Transaction) => transaction.status === 'SUCCESS'
/** The buyer's money taken: a sale, or the capture of an authorization. */
const isPayment = (transaction: Transaction) => ['SALE', 'CAPTURE'].includes(transaction.kind) && isDone(transaction)
const isRefund = (transaction: Transaction) => transaction.kind === 'REFUND' && isDone(transaction)

/** The fee line of what Shopify credited back with a refund (negative), as eBay's and Etsy's are kept. */
const FEES_CREDITED = 'fees_credited'

/** Each fee type's cents over these transactions, in the order Shopify lists them. */
function feesByType(transactions: Transaction[]): Map<string, number> {
  const byType = new Map<string, number>()
  for (const transaction of transactions)
    for (const fee of transaction.fees) byType.set(fee.type, (byType.get(fee.type) ?? 0) + cents(fee.amount))
  return byType
}

export interface ShopifyEarnings {
  /**
   * The order's earnings by sale: Shopify Payments' fees and the refunds, shared over the order's lines by their
   * amounts (the lines not Snaplist's take their part too). Undefined while it is not found or not paid yet; no sale
   * at all (settled) when another provider took the payment, so the estimate stays.
   */
  readOrder(store: ShopifyStore, orderNumber: string, sales: OrderSale[]): Promise<OrderEarnings | undefined>
}

export function createShopifyEarnings(admin: ShopifyAdmin): ShopifyEarnings {
  return {
    async readOrder(store, orderNumber, sales) {
      const { orders } = await admin.request(store, {
        what: 'order earnings',
        document: EARNINGS,
        variables: { query: `name:'#${orderNumber}'` },
        schema: EarningsSchema,
      })
      // The search matches words: only the order of exactly this number is the sales' order.
      const order = orders.nodes.find((each) => each.name === `#${orderNumber}`)
      const payments = order?.transactions.filter(isPayment) ?? []
      if (!order || payments.length === 0) return undefined
      if (payments.some((each) => each.gateway !== SHOPIFY_PAYMENTS_GATEWAY))
        return { bySale: new Map(), settled: true }

      const refunds = order.transactions.filter(isRefund)
      const lines = order.lineItems.nodes
      const weights = lines.map((line) => cents(line.originalUnitPriceSet.shopMoney) * line.quantity)
      const share = (total: number) => spreadCents(total, weights)
      const charged = [...feesByType(payments)].map(([type, total]) => ({ type, shares: share(total) }))
      const credited = share([...feesByType(refunds).values()].reduce((sum, each) => sum + each, 0))
      const refunded = share(refunds.reduce((sum, refund) => sum + cents(refund.amountSet.shopMoney), 0))

      const bySale = new Map<string, ReadEarnings>()
      for (const sale of sales) {
        const index = lines.findIndex((line) => line.id === sale.lineId)
        if (index < 0) continue
        const feeLines: FeeLine[] = charged.map(({ type, shares }) => ({ type, cents: shares[index]! }))
        if (credited[index]) feeLines.push({ type: FEES_CREDITED, cents: -credited[index]! })
        const feesCents = Math.max(
          feeLines.reduce((sum, fee) => sum + fee.cents, 0),
          0,
        )
        bySale.set(sale.saleId, { feesCents, labelCents: 0, feeLines, refundCents: refunded[index]! })
      }
      return {
        bySale,
        settled: ['FULFILLED', 'FULFILLMENT_NOT_REQUIRED', 'RESTOCKED'].includes(order.displayFulfillmentStatus ?? ''),
      }
    },
  }
}
