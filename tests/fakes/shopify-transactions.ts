// The Shopify stand-in's payments: how the store's buyers pay (Shopify Payments at its plan's rate, or another
// provider), each order's transactions as Order.transactions answers them (the SALE when it is paid, a REFUND for each
// refund), with Shopify Payments' fees on each as OrderTransaction.fees has them ("only present for Shopify Payments
// transactions": another provider's come with none). Shopify keeps its processing fee when the seller refunds.
import { gid } from './shopify-graph.ts'

/** How the store takes payment: Shopify Payments at a rate, or another provider Shopify reads no fees for. */
export type FakeShopifyPayments =
  { gateway: 'shopify_payments'; percent: number; fixedCents: number; rateName: string } | { gateway: string }

/** Shopify Payments' online card rate on the Basic plan (US), as the store has it unless a test says otherwise. */
export const BASIC_PLAN_PAYMENTS: FakeShopifyPayments = {
  gateway: 'shopify_payments',
  percent: 2.9,
  fixedCents: 30,
  rateName: 'Online credit card rate',
}

export interface FakeShopifyTransaction {
  id: number
  kind: 'SALE' | 'REFUND'
  status: 'SUCCESS'
  gateway: string
  /** In the store's currency, as the order's amounts are. */
  amount: number
  /** The fee's parts, in cents; none unless Shopify Payments took the payment. */
  fees: { type: string; cents: number; rate: number; flatCents: number; rateName: string | null }[]
  processedAt: string
}

const cents = (amount: number) => Math.round(amount * 100)

/** The buyer's payment of `amount`, through the store's payments: Shopify Payments' fee on it when it took it. */
export function payment(id: number, payments: FakeShopifyPayments, amount: number, at: string): FakeShopifyTransaction {
  const fees =
    'percent' in payments
      ? [
          {
            type: 'payment_processing_fee',
            cents: Math.round((cents(amount) * payments.percent) / 100 + payments.fixedCents),
            rate: payments.percent / 100,
            flatCents: payments.fixedCents,
            rateName: payments.rateName,
          },
        ]
      : []
  return { id, kind: 'SALE', status: 'SUCCESS', gateway: payments.gateway, amount, fees, processedAt: at }
}

/** The money given back to the buyer, through the gateway that took it; Shopify keeps its fee. */
export function refundTransaction(id: number, paid: FakeShopifyTransaction, amount: number, at: string) {
  const refund: FakeShopifyTransaction = { ...paid, id, kind: 'REFUND', amount, fees: [], processedAt: at }
  return refund
}

const moneyV2 = (amountCents: number, currencyCode: string) => ({
  amount: (amountCents / 100).toFixed(2),
  currencyCode,
})
const bag = (amount: number, currencyCode: string) => {
  const each = { amount: amount.toFixed(2), currencyCode }
  return { shopMoney: each, presentmentMoney: each }
}

/** The transaction as OrderTransaction answers it. */
export function transactionView(transaction: FakeShopifyTransaction, currency: string) {
  return {
    id: gid('OrderTransaction', transaction.id),
    kind: transaction.kind,
    status: transaction.status,
    gateway: transaction.gateway,
    formattedGateway: transaction.gateway === 'shopify_payments' ? 'Shopify Payments' : transaction.gateway,
    test: false,
    manualPaymentGateway: false,
    createdAt: transaction.processedAt,
    processedAt: transaction.processedAt,
    amountSet: bag(transaction.amount, currency),
    fees: transaction.fees.map((fee, index) => ({
      id: gid('TransactionFee', transaction.id * 10 + index),
      type: fee.type,
      amount: moneyV2(fee.cents, currency),
      flatFee: moneyV2(fee.flatCents, currency),
      flatFeeName: null,
      rate: String(fee.rate),
      rateName: fee.rateName,
      taxAmount: moneyV2(0, currency),
    })),
  }
}
