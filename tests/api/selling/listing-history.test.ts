// The row's history (issue 50, docs/decisions/0073): GET /api/listings/{id}/sales answers the listing's steps in
// order, each written with its change: a sale on eBay cancelled an hour later reads sold → cancelled → live again on
// eBay and on Etsy; a return marked back in stock, and a part cancellation, are steps too. Read again by later polls,
// nothing is written twice.
import { describe, expect, it } from 'vitest'
import type { ListingStep } from '../../../api/contract/listing-steps.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000)

async function pollTwice(item: Item) {
  for (let round = 0; round < 2; round += 1) {
    await item.poll()
    await both.t.settle()
  }
}

const historyOf = async (item: Item) => {
  const { history } = (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))) as {
    history: ListingStep[]
  }
  return history.map(({ step, marketplace, pieces }) => ({ step, marketplace, pieces }))
}

describe("a listing's history", () => {
  it('reads sold → cancelled → live again on eBay and Etsy for an eBay sale cancelled an hour later', async () => {
    const item = await listingLiveOnBoth(both, 'history-cancel', 1)
    const order = item.sellOnEbay()
    await item.poll()
    await both.t.settle()
    expect(await historyOf(item)).toEqual([{ step: 'sold', marketplace: 'ebay', pieces: 1 }])

    order.creationDate = order.lastModifiedDate = anHourAgo().toISOString()
    both.ebay.cancelOrder(item.grant, order.orderId)
    await pollTwice(item)
    await pollTwice(item)
    expect(item.ebayLive()).toBe(true)
    const history = await historyOf(item)
    expect(history.slice(0, 2)).toEqual([
      { step: 'sold', marketplace: 'ebay', pieces: 1 },
      { step: 'cancelled', marketplace: 'ebay', pieces: 1 },
    ])
    expect(history.slice(2)).toEqual(
      expect.arrayContaining([
        { step: 'live-again', marketplace: 'ebay', pieces: null },
        { step: 'live-again', marketplace: 'etsy', pieces: null },
      ]),
    )
    expect(history).toHaveLength(4)
    // Its times are in order.
    const { history: timed } = (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))) as {
      history: ListingStep[]
    }
    expect(timed.map((step) => step.at)).toEqual(timed.map((step) => step.at).toSorted())
  })

  it('has a part cancellation of three and a return marked back in stock as steps with their pieces', async () => {
    const item = await listingLiveOnBoth(both, 'history-return', 3)
    const receipt = item.sellOnEtsy(3)
    await item.poll()
    await both.t.settle()
    receipt.created_timestamp = Math.floor(anHourAgo().getTime() / 1000)
    receipt.updated_timestamp = Math.floor(Date.now() / 1000)
    both.etsy.refundReceipt(receipt.receipt_id, receipt.transaction.price)
    await pollTwice(item)
    const [sale] = (
      (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))) as {
        sales: { saleId: string }[]
      }
    ).sales
    const marked = await item.seller.post(`/api/listings/${item.id}/returned`, {
      marketplace: 'etsy',
      saleId: sale!.saleId,
      returnedAs: 'back-in-stock',
    })
    expect(marked.status).toBe(200)
    await both.t.settle()
    await both.t.settle()
    const steps = (await historyOf(item)).filter((step) => step.step !== 'live-again')
    expect(steps).toEqual([
      { step: 'sold', marketplace: 'etsy', pieces: 3 },
      { step: 'cancelled', marketplace: 'etsy', pieces: 1 },
      { step: 'back-in-stock', marketplace: 'etsy', pieces: 2 },
    ])
    expect(await historyOf(item)).toContainEqual({ step: 'live-again', marketplace: 'ebay', pieces: null })
  })
})
