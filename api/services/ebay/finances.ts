// What an eBay order earned, from the Sell Finances API's getTransactions (on the apiz host, scope sell.finances;
// docs/decisions/0042): the order's SALE transaction carries each line's marketplace fees (orderLineItems, by
// lineItemId) and the order's totalFeeAmount; a SHIPPING_LABEL transaction is a label bought on eBay for it. eBay's
// fees can change until the sale's funds are available for payout: until then the figures are read, not settled. A
// REFUND transaction is what the seller gave back, and its totalFeeAmount the fees eBay credited back for it
// (decision 0072): kept as a negative fee line, so a sale's fees are what eBay kept.
import * as v from 'valibot'
import { spreadCents } from '../../contract/spread-cents.ts'
import { amountOf, type OrderSale, type ReadEarnings } from '../../db/marketplace-sales.ts'
import type { OrderEarnings } from '../selling/marketplace.ts'
import { readReply, type EbaySellClient } from './sell-api.ts'

const AmountSchema = v.object({ value: v.string() })
const FeeSchema = v.object({ feeType: v.optional(v.string(), 'FEE'), amount: v.optional(AmountSchema) })
const TransactionsSchema = v.object({
  transactions: v.optional(
    v.array(
      v.object({
        transactionType: v.optional(v.string()),
        transactionStatus: v.optional(v.string()),
        bookingEntry: v.optional(v.string()),
        amount: v.optional(AmountSchema),
        totalFeeAmount: v.optional(AmountSchema),
        orderLineItems: v.optional(
          v.array(
            v.object({ lineItemId: v.optional(v.string()), marketplaceFees: v.optional(v.array(FeeSchema), []) }),
          ),
          [],
        ),
      }),
    ),
    [],
  ),
})
type Transaction = v.InferOutput<typeof TransactionsSchema>['transactions'][number]

/** eBay's statuses of a sale whose funds reached the seller's payout: its fees no longer change. */
const SETTLED = new Set(['FUNDS_AVAILABLE_FOR_PAYOUT', 'PAYOUT', 'COMPLETED'])

const cents = (amount: { value: string } | undefined) => Math.round(Math.abs(Number(amount?.value ?? 0)) * 100)
const sumCents = (transactions: Transaction[], amountOf: (transaction: Transaction) => { value: string } | undefined) =>
  transactions.reduce((sum, transaction) => sum + cents(amountOf(transaction)), 0)

/** The fee line of what eBay credited back with its refunds (negative). */
const FEES_CREDITED = 'FEES_CREDITED'

/**
 * The fees of each sale: its own line's when the sale knows its line, otherwise the order's total fee shared by the
 * sales' amounts. The label goes with the order's first sale, so a profit summed over the order counts it once.
 */
function shareOut(
  sales: OrderSale[],
  sale: Transaction,
  labelCents: number,
  refunds: Transaction[],
): Map<string, ReadEarnings> {
  const shared = spreadCents(cents(sale.totalFeeAmount), sales.map(amountOf))
  const refunded = spreadCents(
    sumCents(refunds, (refund) => refund.amount),
    sales.map(amountOf),
  )
  const credited = spreadCents(
    sumCents(refunds, (refund) => refund.totalFeeAmount),
    sales.map(amountOf),
  )
  return new Map(
    sales.map((each, index) => {
      const line = sale.orderLineItems.find((item) => item.lineItemId !== undefined && item.lineItemId === each.lineId)
      const feeLines = line
        ? line.marketplaceFees.map((fee) => ({ type: fee.feeType, cents: cents(fee.amount) }))
        : [{ type: 'ORDER_FEES_SHARED', cents: shared[index]! }]
      if (credited[index]) feeLines.push({ type: FEES_CREDITED, cents: -credited[index]! })
      const feesCents = Math.max(
        feeLines.reduce((sum, fee) => sum + fee.cents, 0),
        0,
      )
      return [
        each.saleId,
        { feesCents, labelCents: index === 0 ? labelCents : 0, feeLines, refundCents: refunded[index]! },
      ]
    }),
  )
}

export interface EbayFinances {
  /** The order's earnings, or undefined while eBay has no sale transaction for it yet (it appears within hours). */
  readOrder(token: string, orderId: string, sales: OrderSale[]): Promise<OrderEarnings | undefined>
}

export function createEbayFinances(sell: EbaySellClient): EbayFinances {
  return {
    async readOrder(token: string, orderId: string, sales: OrderSale[]): Promise<OrderEarnings | undefined> {
      const filter = encodeURIComponent(`orderId:{${orderId}}`)
      const reply = await sell.send(token, {
        method: 'GET',
        host: 'apiz',
        path: `/sell/finances/v1/transaction?filter=${filter}&limit=200`,
      })
      const { transactions } = readReply(TransactionsSchema, reply)
      const sale = transactions.find((transaction) => transaction.transactionType === 'SALE')
      if (!sale) return undefined
      const labelCents = transactions
        .filter((transaction) => transaction.transactionType === 'SHIPPING_LABEL')
        .reduce((sum, label) => sum + (label.bookingEntry === 'CREDIT' ? -1 : 1) * cents(label.amount), 0)
      // What the seller gave back and eBay credited: the order's REFUND transactions, shared over its sales by amounts.
      const refunds = transactions.filter((transaction) => transaction.transactionType === 'REFUND')
      return {
        bySale: shareOut(sales, sale, Math.max(labelCents, 0), refunds),
        settled: SETTLED.has(sale.transactionStatus ?? ''),
      }
    },
  }
}
