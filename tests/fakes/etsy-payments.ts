// The Etsy stand-in's money side of its sales (issue 32), as Etsy's contract shapes it: getShopPaymentByReceiptId (a
// Payment per receipt: the card processing fee, 3% of the total and $0.25, posted to the ledger once the order ships)
// and getShopPaymentAccountLedgerEntries (min_created and max_created required, at most 100 a page): the payment's
// credit, its processing fee, and the 6.5% transaction fee on each transaction's item and shipping, each entry naming
// the transaction or payment it is for. A refund lowers the payment's gross and its processing fee in proportion
// (adjusted_gross, adjusted_fees), and credits the transaction fee on what was refunded back to the ledger (issue 50).
import { Hono, type Context } from 'hono'
import type { EtsyOperation } from './etsy-gate.ts'
import { money, type FakeEtsyReceipt } from './etsy-receipts.ts'
import type { FakeEtsyShop } from './etsy-shop.ts'

const TRANSACTION_FEE_RATE = 0.065
const PROCESSING_RATE = 0.03
const PROCESSING_FIXED = 0.25

const pennies = (dollars: number) => Math.round(dollars * 100)
const grossOf = ({ transaction: line }: FakeEtsyReceipt) => line.price * line.quantity + line.shipping
// Apart from the receipts' and transactions' own ids, as Etsy's are.
const paymentIdOf = (receipt: FakeEtsyReceipt) => receipt.receipt_id + 3_000_000_000

/** The receipt's Payment, as getShopPaymentByReceiptId answers it. */
function paymentOf(shopId: number, receipt: FakeEtsyReceipt) {
  const gross = grossOf(receipt)
  const fees = Math.round((gross * PROCESSING_RATE + PROCESSING_FIXED) * 100) / 100
  const posted = receipt.shipped
  return {
    payment_id: paymentIdOf(receipt),
    buyer_user_id: receipt.buyer_user_id,
    shop_id: shopId,
    receipt_id: receipt.receipt_id,
    amount_gross: money(gross),
    amount_fees: money(fees),
    amount_net: money(gross - fees),
    posted_gross: posted ? money(gross) : null,
    posted_fees: posted ? money(fees) : null,
    posted_net: posted ? money(gross - fees) : null,
    adjusted_gross: receipt.refunded ? money(gross - receipt.refunded) : null,
    adjusted_fees: receipt.refunded ? money(Math.round(fees * (1 - receipt.refunded / gross) * 100) / 100) : null,
    adjusted_net: null,
    currency: 'USD',
    shop_currency: 'USD',
    buyer_currency: 'USD',
    status: posted ? 'settled' : 'authed',
    create_timestamp: receipt.created_timestamp,
    created_timestamp: receipt.created_timestamp,
    update_timestamp: receipt.created_timestamp,
    updated_timestamp: receipt.created_timestamp,
    payment_adjustments: [],
  }
}

/** The ledger entries a sale makes, in the order Etsy would write them. */
function ledgerOf(receipt: FakeEtsyReceipt) {
  const payment = paymentOf(0, receipt)
  const line = receipt.transaction
  const entries = [
    {
      ledger_type: 'PAYMENT_GROSS',
      reference_type: 'payment',
      reference_id: payment.payment_id,
      amount: pennies(grossOf(receipt)),
    },
    {
      ledger_type: 'PAYMENT_PROCESSING_FEE',
      reference_type: 'payment',
      reference_id: payment.payment_id,
      amount: -payment.amount_fees.amount,
    },
    {
      ledger_type: 'transaction',
      reference_type: 'transaction',
      reference_id: line.transaction_id,
      amount: -pennies(line.price * line.quantity * TRANSACTION_FEE_RATE),
    },
    ...(line.shipping
      ? [
          {
            ledger_type: 'shipping_transaction',
            reference_type: 'transaction',
            reference_id: line.transaction_id,
            amount: -pennies(line.shipping * TRANSACTION_FEE_RATE),
          },
        ]
      : []),
    ...(receipt.refunds ?? []).map((refund) => ({
      ledger_type: 'transaction_refund',
      reference_type: 'transaction',
      reference_id: line.transaction_id,
      amount: pennies(refund.amount * TRANSACTION_FEE_RATE),
    })),
  ]
  return entries.map((entry, index) => ({ ...entry, reference_id: String(entry.reference_id), index }))
}

export interface PaymentRoutesDeps {
  operation: EtsyOperation
  shop: FakeEtsyShop
  seller: () => { shopId: number | null }
}

export function etsyPaymentRoutes({ operation, shop, seller }: PaymentRoutesDeps) {
  const notFound = (c: Context, what: string) => c.json({ error: `${what} not found` }, 404)
  return new Hono()
    .get(
      '/v3/application/shops/:shop_id/receipts/:receipt_id/payments',
      operation('getShopPaymentByReceiptId', (c) => {
        const { shopId } = seller()
        if (Number(c.req.param('shop_id')) !== shopId) return notFound(c, 'Shop')
        const receipt = shop.receipts.find((each) => each.receipt_id === Number(c.req.param('receipt_id')))
        if (!receipt) return notFound(c, 'Receipt')
        return c.json({ count: 1, results: [paymentOf(shopId!, receipt)] })
      }),
    )
    .get(
      '/v3/application/shops/:shop_id/payment-account/ledger-entries',
      operation('getShopPaymentAccountLedgerEntries', (c) => {
        const { shopId } = seller()
        if (Number(c.req.param('shop_id')) !== shopId) return notFound(c, 'Shop')
        const from = Number(c.req.query('min_created'))
        const to = Number(c.req.query('max_created'))
        if (to < from) return c.json({ error: 'max_created must be after min_created' }, 400)
        const limit = Number(c.req.query('limit') ?? 25)
        const offset = Number(c.req.query('offset') ?? 0)
        const entries = shop.receipts
          .filter((receipt) => receipt.created_timestamp >= from && receipt.created_timestamp <= to)
          .flatMap((receipt) =>
            ledgerOf(receipt).map(({ index, ...entry }) => ({
              entry_id: receipt.receipt_id * 10 + index,
              ledger_id: shopId! * 10,
              sequence_number: receipt.receipt_id * 10 + index,
              currency: 'USD',
              description: entry.ledger_type,
              balance: 0,
              create_date: receipt.created_timestamp,
              created_timestamp: receipt.created_timestamp,
              parent_entry_id: null,
              payment_adjustments: [],
              ...entry,
            })),
          )
        return c.json({ count: entries.length, results: entries.slice(offset, offset + limit) })
      }),
    )
}

/** The seller ships the receipt's order: Etsy posts its payment (its fees are final). */
export function shipReceipt(shop: FakeEtsyShop, receiptId: number) {
  const receipt = shop.receipts.find((each) => each.receipt_id === receiptId)
  if (!receipt) throw new Error(`no Etsy receipt ${receiptId}`)
  receipt.shipped = true
  receipt.updated_timestamp = Math.floor(Date.now() / 1000)
}
