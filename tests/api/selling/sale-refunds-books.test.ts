// The books follow a sale that did not happen (issue 50, docs/decisions/0072): a cancelled or refunded sale carries
// what the marketplace reports, read again at once: the refund (eBay's REFUND transactions, Etsy's adjusted payment)
// and the fees credited back (a REFUND's totalFeeAmount; Etsy's lower processing fee and its ledger's credit of the
// transaction fee), and the sale's figures, the Insights and the sales CSV are worked out from them: a cancelled sale
// counts no revenue and keeps only the fees the marketplace did not credit; a refund that kept the pieces lowers the
// revenue by what it gave back.
import { describe, expect, it } from 'vitest'
import type { Insights } from '../../../api/contract/insights.ts'
import type { FakeOrder } from '../../fakes/ebay-sell.ts'
import type { FakeEtsyReceipt } from '../../fakes/etsy-receipts.ts'
import { csvRecords } from '../../helpers/csv.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson, type JsonBody } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000)

async function pollTwice(item: Item) {
  for (let round = 0; round < 2; round += 1) {
    await item.poll()
    await both.t.settle()
  }
}

const saleOf = async (item: Item) =>
  ((await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))).sales as JsonBody[])[0]!
const totalsOf = async (item: Item) =>
  ((await readJson(await item.seller.get('/api/insights'))) as unknown as Insights).totals
const csvOf = async (item: Item) => csvRecords(await (await item.seller.get('/api/exports/sales.csv')).text())

/** Etsy's payment reads the receipt again: made an hour ago, changed now. */
function changedNow(receipt: FakeEtsyReceipt) {
  receipt.created_timestamp = Math.floor(anHourAgo().getTime() / 1000)
  receipt.updated_timestamp = Math.floor(Date.now() / 1000)
}

describe('an eBay sale cancelled', () => {
  it('carries the refund and the fees eBay credited back: no revenue, no fees, no profit, in the books and the CSV', async () => {
    const item = await listingLiveOnBoth(both, 'books-ebay-cancel', 1, { cost: 12 })
    const order: FakeOrder = item.sellOnEbay(1, 8)
    await item.poll()
    await both.t.settle()
    expect(await saleOf(item)).toMatchObject({ sale: 39.5, shipping: 8, fees: 6.86, feesState: 'read', profit: 28.64 })

    order.creationDate = order.lastModifiedDate = anHourAgo().toISOString()
    both.ebay.cancelOrder(item.grant, order.orderId)
    await pollTwice(item)
    const [row] = await both.t.db.sql`
      select refund_cents, fees_cents from marketplace_sales where order_id = ${order.orderId}`
    // The whole 47.50 refunded; eBay credited its 13.6% of it and the order's 0.40: it kept nothing.
    expect(row).toEqual({ refundCents: 4750, feesCents: 0 })
    const sale = await saleOf(item)
    expect(sale).toMatchObject({ standing: 'cancelled', counted: 0, sale: 0, shipping: 0, refunded: 0, fees: 0 })
    expect(sale.profit).toBe(0)
    expect(sale.feeLines).toContainEqual({ type: 'FEES_CREDITED', cents: -686 })
    expect(await totalsOf(item)).toMatchObject({ sales: 0, revenue: 0, fees: 0, profit: 0 })
    expect(await csvOf(item)).toEqual([
      expect.objectContaining({ Sale: '0.00', Refunded: '0.00', Fees: '0.00', Profit: '0.00', Status: 'Cancelled' }),
    ])
  })

  it('keeps the fees eBay did not credit: a return refunded without its shipping leaves the per-order fee', async () => {
    const item = await listingLiveOnBoth(both, 'books-ebay-return', 1, { cost: 12 })
    const order = item.sellOnEbay(1, 8)
    await item.poll()
    await both.t.settle()
    // The buyer sends it back and gets its price, 39.50, not the 8.00 shipping: eBay credits 13.6% of 39.50 (5.37)
    // of the 6.86 it charged, and keeps the rest.
    both.ebay.returnOrder(item.grant, order.orderId)
    await pollTwice(item)
    const reported = await saleOf(item)
    // Still counted while the seller has not said how it came back: the refund is off its revenue.
    expect(reported).toMatchObject({ returnState: 'reported', counted: 1, sale: 39.5, refunded: 39.5, fees: 1.49 })
    expect(await totalsOf(item)).toMatchObject({ revenue: 8, fees: 1.49 })

    const marked = await item.seller.post(`/api/listings/${item.id}/returned`, {
      marketplace: 'ebay',
      saleId: reported.saleId,
      returnedAs: 'damaged',
    })
    expect(marked.status).toBe(200)
    await both.t.settle()
    expect(await saleOf(item)).toMatchObject({
      standing: 'damaged',
      counted: 0,
      sale: 0,
      refunded: 0,
      fees: 1.49,
      profit: -1.49,
    })
    expect(await totalsOf(item)).toMatchObject({ revenue: 0, fees: 1.49, profit: -1.49 })
  })
})

describe('an Etsy receipt refunded', () => {
  it('takes a refund of shipping alone off the revenue, and counts the fees Etsy credited back', async () => {
    const item = await listingLiveOnBoth(both, 'books-etsy-shipping', 1, { cost: 12 })
    const receipt = item.sellOnEtsy(1, 6)
    await item.poll()
    await both.t.settle()
    const before = await saleOf(item)
    const price = receipt.transaction.price

    changedNow(receipt)
    both.etsy.refundReceipt(receipt.receipt_id, 6)
    await pollTwice(item)
    const after = await saleOf(item)
    // No piece came back: the sale still counts, less the 6.00 refunded.
    expect(after).toMatchObject({ standing: 'sold', counted: 1, sale: price, shipping: 6, refunded: 6 })
    // Etsy credited its 6.5% of the 6.00 (0.39) and the processing fee on it (3% of 6.00: 0.18).
    expect(after.feeLines).toContainEqual({ type: 'transaction_refund', cents: -39 })
    // 3% of 6.00 and a share of the fixed 0.25.
    expect(after.fees as number).toBeLessThan((before.fees as number) - 0.39 - 0.18)
    expect(after.fees as number).toBeGreaterThan((before.fees as number) - 0.39 - 0.25)
    expect(after.profit as number).toBeCloseTo(price + 6 - 6 - (after.fees as number) - 12, 2)
    const totals = await totalsOf(item)
    expect(totals.revenue).toBeCloseTo(price, 2)
    expect(totals.profit).toBeCloseTo(after.profit as number, 2)
    expect(await csvOf(item)).toEqual([expect.objectContaining({ Refunded: '6.00', Status: 'Sold' })])
  })

  it('gives back one piece of three for its price, and counts only the refund beyond it', async () => {
    const item = await listingLiveOnBoth(both, 'books-etsy-piece', 3, { cost: 10 })
    const receipt = item.sellOnEtsy(3, 9)
    await item.poll()
    await both.t.settle()
    const price = receipt.transaction.price

    changedNow(receipt)
    // One piece's price and 4.00 of the 9.00 shipping: the piece and its third of the shipping (3.00) come back, 1.00
    // more was refunded of what the two kept pieces paid.
    both.etsy.refundReceipt(receipt.receipt_id, price + 4)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1 })
    const sale = await saleOf(item)
    expect(sale).toMatchObject({ counted: 2, shipping: 6, refunded: 1 })
    expect(sale.sale as number).toBeCloseTo(price * 2, 2)
    const totals = await totalsOf(item)
    expect(totals).toMatchObject({ itemsSold: 2 })
    expect(totals.revenue).toBeCloseTo(price * 2 + 6 - 1, 2)

    // Cancelled whole later: nothing counts, nothing was kept by Etsy but what it did not credit.
    receipt.updated_timestamp = Math.floor(Date.now() / 1000)
    both.etsy.cancelReceipt(receipt.receipt_id)
    await pollTwice(item)
    expect(await saleOf(item)).toMatchObject({ standing: 'cancelled', counted: 0, sale: 0, refunded: 0 })
    expect(await totalsOf(item)).toMatchObject({ revenue: 0, itemsSold: 0 })
  })
})
