// Back in stock everywhere through eBay's Post-Order API and returns (issue 50, docs/decisions/0070): a cancellation
// found only by the cancellation search puts the item back; a return (eBay's return search, or an Etsy refund after it
// shipped) waits for the seller, who marks it back in stock (live again everywhere) or damaged (out of the books, not
// back), once; the stand-ins' Post-Order calls are checked against the contracts' operations and can be busy.
import { describe, expect, it } from 'vitest'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString()

const salesOf = async (item: Item) =>
  (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))).sales as {
    saleId: string
    marketplace: string
    standing: string
    counted: number
    returnState: string | null
  }[]

const markReturned = (item: Item, sale: { marketplace: string; saleId: string }, returnedAs: string) =>
  item.seller.post(`/api/listings/${item.id}/returned`, {
    marketplace: sale.marketplace,
    saleId: sale.saleId,
    returnedAs,
  })

async function pollTwice(item: Item) {
  await item.poll()
  await both.t.settle()
  await item.poll()
  await both.t.settle()
}

describe("eBay's Post-Order cancellations", () => {
  it('puts back an order only the cancellation search finds, once', async () => {
    const item = await listingLiveOnBoth(both, 'post-order-cancel', 1)
    const order = item.sellOnEbay()
    await item.poll()
    expect(item.ebayLive()).toBe(false)
    order.creationDate = anHourAgo()
    both.ebay.cancelOrder(item.grant, order.orderId)
    // getOrders' last modified date stays where it was: only the Post-Order search can find the cancellation.
    order.lastModifiedDate = order.creationDate
    both.ebay.setMode('busy')
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 0 })
    both.ebay.setMode('good')
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active', etsyStatus: 'active' })
    expect(item.ebayLive()).toBe(true)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
    expect(both.ebay.calls.filter((call) => call.startsWith('GET /post-order/v2/cancellation/search'))).not.toEqual([])
    const marks = await both.t.db.sql`select restocked from marketplace_sales where listing_id = ${item.id}`
    expect(marks).toEqual([{ restocked: 1 }])
  })
})

describe('a returned sale', () => {
  it('on eBay waits for the seller, then comes back in stock everywhere once marked so, once', async () => {
    const item = await listingLiveOnBoth(both, 'ebay-return', 1)
    const order = item.sellOnEbay()
    await item.poll()
    both.ebay.returnOrder(item.grant, order.orderId)
    await pollTwice(item)
    // Nothing goes back by itself: the piece may be damaged.
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold' })
    const [sale] = await salesOf(item)
    expect(sale).toMatchObject({ standing: 'sold', counted: 1, returnState: 'reported' })

    const marked = await markReturned(item, sale!, 'back-in-stock')
    expect(marked.status).toBe(200)
    expect(((await readJson(marked)) as { message: string }).message).toBe(
      'Back in stock: putting it back up on eBay and Etsy.',
    )
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active', etsyStatus: 'active' })
    expect(item.ebayLive()).toBe(true)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
    expect(await salesOf(item)).toEqual([
      expect.objectContaining({ standing: 'back-in-stock', counted: 0, returnState: 'back-in-stock' }),
    ])
    // Marked again, or read again by the poll: nothing more comes back.
    expect((await markReturned(item, sale!, 'back-in-stock')).status).toBe(200)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 1 })
  })

  it('refunded on Etsy after it shipped, marked damaged, leaves the books and stays down', async () => {
    const item = await listingLiveOnBoth(both, 'etsy-return-damaged', 1)
    const receipt = item.sellOnEtsy()
    await item.poll()
    both.etsy.ship(receipt.receipt_id)
    both.etsy.refundReceipt(receipt.receipt_id, receipt.transaction.price)
    await pollTwice(item)
    expect(await item.row()).toMatchObject({ quantity: 0 })
    const [sale] = await salesOf(item)
    expect(sale).toMatchObject({ marketplace: 'etsy', returnState: 'reported', counted: 1 })
    expect((await markReturned(item, sale!, 'damaged')).status).toBe(200)
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 0 })
    expect(item.ebayLive()).toBe(false)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'damaged', counted: 0 })])
    const totals = ((await readJson(await item.seller.get('/api/insights'))) as { totals: object }).totals
    expect(totals).toMatchObject({ sales: 0, itemsSold: 0, revenue: 0 })
  })

  it('refunded on Etsy after it shipped, marked back in stock, is live again on eBay and Etsy', async () => {
    const item = await listingLiveOnBoth(both, 'etsy-return-back', 1)
    const receipt = item.sellOnEtsy()
    await item.poll()
    both.etsy.ship(receipt.receipt_id)
    both.etsy.refundReceipt(receipt.receipt_id, receipt.transaction.price)
    await pollTwice(item)
    const [sale] = await salesOf(item)
    expect((await markReturned(item, sale!, 'back-in-stock')).status).toBe(200)
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active', etsyStatus: 'active' })
    expect(item.ebayCount()).toBe(1)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
  })

  it("is the seller's own to mark: another seller's listing is not found", async () => {
    const item = await listingLiveOnBoth(both, 'return-owner', 1)
    const order = item.sellOnEbay()
    await item.poll()
    const other = await listingLiveOnBoth(both, 'return-other', 1)
    const refused = await other.seller.post(`/api/listings/${item.id}/returned`, {
      marketplace: 'ebay',
      saleId: `${order.orderId}#0`,
      returnedAs: 'back-in-stock',
    })
    expect(refused.status).toBe(404)
    expect(await item.row()).toMatchObject({ quantity: 0 })
  })
})
