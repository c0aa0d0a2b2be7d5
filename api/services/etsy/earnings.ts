// What an Etsy receipt earned (docs/decisions/0042), read with transactions_r: the payment's card processing fee
// (getShopPaymentByReceiptId; posted once the order ships, adjusted after a refund), and the fees the shop's payment
// account ledger charged for the receipt's transactions (getShopPaymentAccountLedgerEntries: the transaction fee on the
// item and on its shipping, each entry naming the transaction it is for). Etsy posts the payment when the order ships:
// its figures are settled then. A refund lowers the payment's gross and processing fee (adjusted_gross, adjusted_fees),
// and Etsy credits the transaction's fees back to the ledger: an entry for the transaction with a positive amount,
// kept as a negative fee line, so a sale's fees are what Etsy kept (decision 0072).
import * as v from 'valibot'
import type { FeeLine } from '../../contract/sale-earnings.ts'
import { spreadCents } from '../../contract/spread-cents.ts'
import { amountOf, type OrderSale } from '../../db/marketplace-sales.ts'
import type { OrderEarnings } from '../selling/marketplace.ts'
import { readReply, type EtsyApi } from './open-api.ts'

const MoneySchema = v.object({ amount: v.number(), divisor: v.number() })
const PaymentsSchema = v.object({
  results: v.array(
    v.object({
      amount_fees: MoneySchema,
      amount_gross: v.nullish(MoneySchema),
      adjusted_gross: v.nullish(MoneySchema),
      posted_fees: v.nullish(MoneySchema),
      adjusted_fees: v.nullish(MoneySchema),
      created_timestamp: v.number(),
    }),
  ),
})
const LedgerSchema = v.object({
  count: v.number(),
  results: v.array(
    v.object({
      amount: v.number(),
      ledger_type: v.string(),
      reference_id: v.nullish(v.string()),
    }),
  ),
})

/** How long after the sale Etsy's fee entries are looked for: fees are charged at the sale, and again on a renewal. */
const LEDGER_WINDOW_SECONDS = 7 * 24 * 60 * 60
/** The ledger's largest page. */
const PAGE_SIZE = 100

const cents = (money: { amount: number; divisor: number }) => Math.round((Math.abs(money.amount) * 100) / money.divisor)

export interface EtsyEarnings {
  /**
   * The receipt's earnings by transaction: each one's ledger fees, and the card processing fee shared by the
   * transactions' amounts. Undefined while Etsy has no payment for it yet.
   */
  readReceipt(token: string, shopId: string, receiptId: string, sales: OrderSale[]): Promise<OrderEarnings | undefined>
}

export function createEtsyEarnings(api: EtsyApi): EtsyEarnings {
  /** The shop's ledger entries for these transactions, from the sale on: charged (positive cents) or credited back. */
  async function feesCharged(token: string, shopId: string, saleIds: Set<string>, fromSeconds: number) {
    const charged: { saleId: string; line: FeeLine }[] = []
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const query = new URLSearchParams({
        min_created: String(fromSeconds - 60),
        max_created: String(fromSeconds + LEDGER_WINDOW_SECONDS),
        limit: String(PAGE_SIZE),
        offset: String(offset),
      })
      const page = readReply(
        LedgerSchema,
        await api.send(token, {
          method: 'GET',
          path: `/v3/application/shops/${shopId}/payment-account/ledger-entries?${query}`,
        }),
      )
      for (const entry of page.results)
        if (entry.amount !== 0 && entry.reference_id && saleIds.has(entry.reference_id))
          charged.push({ saleId: entry.reference_id, line: { type: entry.ledger_type, cents: -entry.amount } })
      if (page.results.length < PAGE_SIZE || offset + PAGE_SIZE >= page.count) return charged
    }
  }

  return {
    async readReceipt(
      token: string,
      shopId: string,
      receiptId: string,
      sales: OrderSale[],
    ): Promise<OrderEarnings | undefined> {
      const { results: payments } = readReply(
        PaymentsSchema,
        await api.send(token, {
          method: 'GET',
          path: `/v3/application/shops/${shopId}/receipts/${receiptId}/payments`,
        }),
      )
      const payment = payments[0]
      if (!payment) return undefined
      const processing = cents(payment.adjusted_fees ?? payment.posted_fees ?? payment.amount_fees)
      const charged = await feesCharged(
        token,
        shopId,
        new Set(sales.map((sale) => sale.saleId)),
        payment.created_timestamp,
      )
      const shares = spreadCents(processing, sales.map(amountOf))
      // A refund lowers the payment's gross: Etsy's adjusted gross is what stays once the seller refunded the buyer.
      const refunded =
        payment.amount_gross && payment.adjusted_gross
          ? Math.max(cents(payment.amount_gross) - cents(payment.adjusted_gross), 0)
          : 0
      const refunds = spreadCents(refunded, sales.map(amountOf))
      const bySale = new Map(
        sales.map((sale, index) => {
          const feeLines = [
            ...charged.filter((entry) => entry.saleId === sale.saleId).map((entry) => entry.line),
            { type: 'payment_processing', cents: shares[index]! },
          ]
          return [
            sale.saleId,
            {
              feesCents: Math.max(
                feeLines.reduce((sum, fee) => sum + fee.cents, 0),
                0,
              ),
              labelCents: 0,
              feeLines,
              refundCents: refunds[index]!,
            },
          ]
        }),
      )
      return { bySale, settled: payment.posted_fees != null }
    },
  }
}
