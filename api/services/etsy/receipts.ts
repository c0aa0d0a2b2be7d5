// Reading a shop's paid Etsy receipts (getShopReceipts, scope transactions_r) and applying each transaction once
// (docs/decisions/0033): the sales poll reads from its last read, a stock change reads the minutes around its own write,
// both through this. A transaction counts only when its listing is one of this seller's Snaplist listings on Etsy. A
// receipt read again cancelled or refunded gives its pieces back (issue 50, docs/decisions/0070): cancelled, or
// refunded before it shipped, its pieces are put back at once; refunded after it shipped, it is a return the seller
// says is sellable or not. Etsy's refunds name no transaction: the pieces refunded are what the refunds cover at each
// transaction's price, in its order (a refund of shipping alone gives none back).
import * as v from 'valibot'
import { spreadCents } from '../../contract/spread-cents.ts'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import { readReply, type EtsyApi } from './open-api.ts'

/** A receipt reaches getShopReceipts a little after the sale, and clocks differ: each read starts this much earlier. */
export const ETSY_OVERLAP_MS = 2 * 60 * 1000
/** getShopReceipts' largest page. */
const PAGE_SIZE = 100
// getShopReceipts' min_last_modified may not be before 2000-01-01 (its contract's minimum).
const EARLIEST_SECONDS = 946_684_800

const MoneySchema = v.object({ amount: v.number(), divisor: v.number() })
const ReceiptSchema = v.object({
  receipt_id: v.number(),
  created_timestamp: v.number(),
  is_paid: v.optional(v.boolean()),
  is_shipped: v.optional(v.boolean()),
  status: v.optional(v.string()),
  refunds: v.optional(v.array(v.object({ amount: MoneySchema }))),
  // The sales tax Etsy collected on the receipt and paid over itself, shared over its transactions by their amounts.
  total_tax_cost: v.nullish(MoneySchema),
  transactions: v.array(
    v.object({
      transaction_id: v.number(),
      listing_id: v.nullish(v.number()),
      quantity: v.number(),
      price: MoneySchema,
      shipping_cost: v.optional(MoneySchema),
    }),
  ),
})
const ReceiptsSchema = v.object({ count: v.number(), results: v.array(ReceiptSchema) })
type Receipt = v.InferOutput<typeof ReceiptSchema>

/** What a read found: how many transactions it applied (the rest were applied before), and the Etsy listings sold. */
export interface ReceiptsRead {
  applied: number
  etsyListingIds: Set<string>
}

const centsOf = (amount: { amount: number; divisor: number }) => Math.round((amount.amount * 100) / amount.divisor)

/** Cancelled, or every cent refunded: none of it was sold. */
const isCancelled = (receipt: Receipt) => ['canceled', 'fully refunded'].includes(receipt.status?.toLowerCase() ?? '')

/** How many pieces of each transaction the receipt's refunds cover, in its order, each at its price. */
function refundedPieces(receipt: Receipt): Map<number, number> {
  let left = (receipt.refunds ?? []).reduce((sum, refund) => sum + centsOf(refund.amount), 0)
  const pieces = new Map<number, number>()
  for (const line of receipt.transactions) {
    const price = centsOf(line.price)
    const count = isCancelled(receipt)
      ? line.quantity
      : price > 0
        ? Math.min(line.quantity, Math.floor(left / price))
        : 0
    left -= count * price
    if (count > 0) pieces.set(line.transaction_id, count)
  }
  return pieces
}

/** Reading the shop's receipts and applying their sales, each once. */
export interface EtsyReceipts {
  /** Applies the receipts changed since `from` (by when each last changed), every page of them. */
  applySince(token: string, userId: number, shopId: string, from: Date): Promise<ReceiptsRead>
  /** Reads one receipt (a push named it) and applies it once paid. */
  applyOne(token: string, userId: number, shopId: string, receiptId: number): Promise<ReceiptsRead>
}

export function createEtsyReceipts({
  sql,
  api,
  recorder,
}: {
  sql: Sql
  api: EtsyApi
  recorder: SaleRecorder
}): EtsyReceipts {
  /** Applies a receipt's transactions, each once, each in its own transaction; answers how many were new. */
  async function applyReceipt(userId: number, receipt: Receipt): Promise<number> {
    let applied = 0
    const taxes = spreadCents(
      receipt.total_tax_cost ? centsOf(receipt.total_tax_cost) : 0,
      receipt.transactions.map((line) => centsOf(line.price) * line.quantity),
    )
    for (const [index, line] of receipt.transactions.entries()) {
      if (line.listing_id == null || line.quantity < 1) continue
      const etsyListingId = String(line.listing_id)
      const fresh = await sql.begin(async (tx) => {
        const listingId = await places.listingOfExternalId(tx, userId, 'etsy', etsyListingId)
        if (listingId === undefined) return false
        const sale = {
          marketplace: 'etsy' as const,
          saleId: String(line.transaction_id),
          orderId: String(receipt.receipt_id),
          quantity: line.quantity,
          unitPriceCents: centsOf(line.price),
          shippingCents: line.shipping_cost ? centsOf(line.shipping_cost) : 0,
          soldAt: new Date(receipt.created_timestamp * 1000),
          salesTaxCents: taxes[index]!,
        }
        if (!(await recorder.record(tx, userId, listingId, sale))) return false
        // Etsy lowered its own count when it sold.
        await places.lowerSentQuantity(tx, listingId, 'etsy', line.quantity)
        return true
      })
      if (fresh) applied += 1
    }
    return applied
  }

  /** Reads the shop's paid receipts changed since `from`, oldest first, and applies the transactions not applied yet. */
  async function applySince(token: string, userId: number, shopId: string, from: Date): Promise<ReceiptsRead> {
    const read: ReceiptsRead = { applied: 0, etsyListingIds: new Set() }
    const minModified = Math.max(Math.floor(from.getTime() / 1000), EARLIEST_SECONDS)
    for (let offset = 0; ; offset += PAGE_SIZE) {
      // By when each receipt last changed, not when it was made: one paid after an earlier read saw it unpaid changed
      // when it was paid, and is found.
      const query = new URLSearchParams({
        min_last_modified: String(minModified),
        was_paid: 'true',
        sort_on: 'updated',
        sort_order: 'asc',
        limit: String(PAGE_SIZE),
        offset: String(offset),
      })
      const page = readReply(
        ReceiptsSchema,
        await api.send(token, { method: 'GET', path: `/v3/application/shops/${shopId}/receipts?${query}` }),
      )
      for (const receipt of page.results) await readReceipt(userId, receipt, read)
      if (page.results.length < PAGE_SIZE || offset + PAGE_SIZE >= page.count) return read
    }
  }

  /**
   * Notes the receipt's Etsy listings and applies its transactions not applied yet (a cancelled one's too, given back
   * at once); pieces refunded are given back, or kept as returned for the seller once it had shipped.
   */
  async function readReceipt(userId: number, receipt: Receipt, read: ReceiptsRead): Promise<void> {
    for (const line of receipt.transactions)
      if (line.listing_id != null) read.etsyListingIds.add(String(line.listing_id))
    // A receipt cancelled before it was read is applied too, then given back: Etsy took its pieces off its own count
    // at the sale and gives none back, so only the sale applied and cancelled (each once) puts its count right.
    read.applied += await applyReceipt(userId, receipt)
    // Refunded, or cancelled: the books read the refund and the fees credited back, whether or not pieces came back.
    if (!receipt.refunds?.length && !isCancelled(receipt)) return
    const refunded = refundedPieces(receipt)
    await sql.begin(async (tx) => {
      await recorder.refunded(tx, userId, 'etsy', String(receipt.receipt_id))
      for (const [transactionId, pieces] of refunded) {
        const saleId = String(transactionId)
        if (receipt.is_shipped) await recorder.returned(tx, userId, 'etsy', saleId, pieces)
        else await recorder.cancelPieces(tx, userId, 'etsy', saleId, pieces)
      }
    })
  }

  /** Reads one receipt (getShopReceipt: a push named it) and applies its transactions not applied yet, once paid. */
  async function applyOne(token: string, userId: number, shopId: string, receiptId: number): Promise<ReceiptsRead> {
    const read: ReceiptsRead = { applied: 0, etsyListingIds: new Set() }
    const receipt = readReply(
      ReceiptSchema,
      await api.send(token, { method: 'GET', path: `/v3/application/shops/${shopId}/receipts/${receiptId}` }),
    )
    if (receipt.is_paid !== false) await readReceipt(userId, receipt, read)
    return read
  }

  return { applySince, applyOne }
}
