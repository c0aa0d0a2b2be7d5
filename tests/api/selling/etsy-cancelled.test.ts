// Back in stock everywhere on Etsy (issue 50, docs/decisions/0070): a receipt Snaplist applied, cancelled or refunded
// later, is found by the next sales poll (getShopReceipts by last modified, the stand-in's statuses Etsy's contract's)
// and its pieces put back once: a cancelled receipt's all, a part refund's the pieces it covers, live again on eBay and
// Etsy with the count. Read again by later polls, it changes nothing more.
import { describe, expect, it } from 'vitest'
import type { FakeEtsyReceipt } from '../../fakes/etsy-receipts.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

/** Made an hour ago, long before the poll's next read: only its last change can bring it back. */
function madeAnHourAgo(receipt: FakeEtsyReceipt) {
  receipt.created_timestamp = receipt.updated_timestamp = Math.floor(Date.now() / 1000) - 60 * 60
}

const salesOf = async (item: Item) =>
  (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))).sales as {
    orderId: string
    standing: string
    counted: number
    quantity: number
  }[]

/** The poll, and the jobs it queues (the cancellation, the revisions, the relist), run twice over. */
async function pollTwice(item: Item) {
  await item.poll()
  await both.t.settle()
  await item.poll()
  await both.t.settle()
}

describe('a sale cancelled on Etsy', () => {
  it('puts a sold-out item back live on eBay and Etsy with its piece, once', async () => {
    const item = await listingLiveOnBoth(both, 'etsy-cancel', 1)
    const receipt = item.sellOnEtsy()
    await item.poll()
    expect(item.ebayLive()).toBe(false)
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold' })

    madeAnHourAgo(receipt)
    both.etsy.cancelReceipt(receipt.receipt_id)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active', etsyStatus: 'active' })
    expect(item.ebayLive()).toBe(true)
    expect(item.ebayCount()).toBe(1)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
    expect(await salesOf(item)).toEqual([
      expect.objectContaining({ orderId: String(receipt.receipt_id), standing: 'cancelled', counted: 0 }),
    ])
    const marks = await both.t.db.sql`select restocked, cancelled_pieces from marketplace_sales
      where listing_id = ${item.id}`
    expect(marks).toEqual([{ restocked: 1, cancelledPieces: 1 }])
  })

  it('gives back the one piece a part refund covers of a sale of three, everywhere, once', async () => {
    const item = await listingLiveOnBoth(both, 'etsy-part-refund', 3)
    const receipt = item.sellOnEtsy(3)
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 0 })
    expect(item.ebayLive()).toBe(false)

    madeAnHourAgo(receipt)
    // One piece's price and a little of the shipping's: one piece back, not two.
    both.etsy.refundReceipt(receipt.receipt_id, receipt.transaction.price + 1)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active', etsyStatus: 'active' })
    expect(item.ebayCount()).toBe(1)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'sold', quantity: 3, counted: 2 })])
    const [totals] = [((await readJson(await item.seller.get('/api/insights'))) as { totals: object }).totals]
    expect(totals).toMatchObject({ sales: 1, itemsSold: 2 })

    // A second piece refunded later gives back one more.
    receipt.updated_timestamp = Math.floor(Date.now() / 1000)
    both.etsy.refundReceipt(receipt.receipt_id, receipt.transaction.price)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 2 })
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 2 })
    expect(item.ebayCount()).toBe(2)
  })

  it('learns of a cancellation from the order.canceled push', async () => {
    const item = await listingLiveOnBoth(both, 'etsy-cancel-push', 2)
    const receipt = item.sellOnEtsy()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 1 })
    madeAnHourAgo(receipt)
    both.etsy.cancelReceipt(receipt.receipt_id)
    // No push endpoint is registered in this file: the push is read as the poll reads it, by the receipt it names.
    await both.t.jobs.send('etsy-seller-sales', { userId: item.seller.id, receiptId: receipt.receipt_id })
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 2 })
    expect(item.etsyListing().quantity).toBe(2)
    expect(item.ebayCount()).toBe(2)
  })

  it("with the seller's setting off, puts the piece back in stock and on the live places, but nothing ended back up", async () => {
    const item = await listingLiveOnBoth(both, 'etsy-cancel-kept-down', 1)
    expect(await readJson(await item.seller.get('/api/sales/settings'))).toEqual({ relistCancelled: true })
    const off = await item.seller.call('PUT', '/api/sales/settings', { relistCancelled: false })
    expect(await readJson(off)).toEqual({ relistCancelled: false })
    const receipt = item.sellOnEtsy()
    await item.poll()
    madeAnHourAgo(receipt)
    both.etsy.cancelReceipt(receipt.receipt_id)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1 })
    expect(item.ebayLive()).toBe(false)
    expect(item.etsyListing().state).not.toBe('active')
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'cancelled' })])
  })
})
