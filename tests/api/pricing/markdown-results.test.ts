// What markdowns sold (issue 51, docs/decisions/0080): each run in the history with the pieces its lowered prices sold
// and their revenue, and the runs' sum: a buyer paying the lowered price on eBay after the run counts; a sale before
// the run, at another price, after the run's undo, or an accepted offer's sale does not.
import { describe, expect, it } from 'vitest'
import type { PriceRulesView } from '../../../api/contract/price-rules.ts'
import { recordSale } from '../../../api/db/marketplace-sales.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

const RULES = {
  minimumProfit: { by: 'amount', amount: 5 },
  shippingPaid: 0,
  ladder: { on: true, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 },
}

/** A new seller's listing of `quantity` live on eBay and Etsy for 40 days at $39.50, $20 cost, marked down once. */
async function markedDown(name: string, quantity: number, before?: (item: Item) => Promise<void>) {
  const item = await listingLiveOnBoth(both, name, quantity, { cost: 20 })
  await both.t.db.sql`update listing_places set created_at = now() - interval '40 days' where listing_id = ${item.id}`
  expect((await item.seller.call('PUT', '/api/price-rules', RULES)).status).toBe(200)
  await before?.(item)
  const run = await item.seller.post('/api/price-rules/run', {})
  expect(run.status).toBe(200)
  await both.t.settle()
  return { item, runId: (await readJson(run)).run.id as number }
}
type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

const viewOf = async (item: Item) =>
  (await readJson(await item.seller.get('/api/price-rules'))) as unknown as PriceRulesView

let sales = 0
/** A sale of the listing recorded as the sales poll records one, `secondsAgo` before now. */
async function sold(item: Item, unitPriceCents: number, secondsAgo = 0) {
  sales += 1
  const saleId = `results-${sales}`
  await both.t.db.sql.begin((tx) =>
    recordSale(tx, item.seller.id, item.id, {
      marketplace: 'ebay',
      saleId,
      orderId: `order-${saleId}`,
      quantity: 1,
      unitPriceCents,
      soldAt: new Date(Date.now() - secondsAgo * 1000),
    }),
  )
  return saleId
}

describe('GET /api/price-rules: what the markdowns sold', () => {
  it('counts a buyer paying the lowered price on eBay after the run', async () => {
    const { item } = await markedDown('results-ebay', 1)
    expect((await viewOf(item)).runs[0]).toMatchObject({ sold: 0, revenueCents: 0 })
    await item.sellOnEbay()
    await item.poll()
    const view = await viewOf(item)
    expect(view.runs[0]).toMatchObject({ sold: 1, revenueCents: 3555 })
    expect(view.results).toEqual({ sold: 1, revenueCents: 3555 })
  })

  it('leaves out a sale before the run, at another price, an accepted offer’s and one after the undo', async () => {
    const { item, runId } = await markedDown('results-mixed', 6, async (before) => {
      await sold(before, 3950, 60)
    })
    // An offer accepted at the lowered price: its sale is the offer's.
    const offerSale = await sold(item, 3555)
    await both.t.db.sql`insert into listing_offers (user_id, listing_id, marketplace, round, external_id, from_cents,
        price_cents, floor_cents, message, state, sale_id)
      values (${item.seller.id}, ${item.id}, 'ebay', 1, 'x', 3950, 3555, 2940, '', 'accepted', ${offerSale})`
    await sold(item, 3000)
    await sold(item, 3555)
    expect((await viewOf(item)).results).toEqual({ sold: 1, revenueCents: 3555 })

    expect((await item.seller.post(`/api/price-rules/runs/${runId}/undo`, {})).status).toBe(200)
    await both.t.settle()
    await sold(item, 3555)
    const view = await viewOf(item)
    expect(view.runs[0]).toMatchObject({ id: runId, sold: 1, revenueCents: 3555 })
    expect(view.results).toEqual({ sold: 1, revenueCents: 3555 })
  })
})
