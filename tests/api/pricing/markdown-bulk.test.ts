// A markdown run's eBay prices in eBay's bulk call (issue 51, docs/decisions/0080): bulkUpdatePriceQuantity, 25
// listings a call, where a revision reads and writes the item and the offer; Etsy's by its revision as before. A run
// killed between its prices and eBay's answer sends them again and changes nothing twice; eBay busy leaves them
// waiting for the seller's job; a listing at the day's revision bound, or one eBay refuses, goes by a revision, which
// waits for eBay's next day as any revision does.
import { afterEach, describe, expect, it } from 'vitest'
import { MARKDOWN_SELLER_JOB } from '../../../api/services/pricing/markdowns.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { copyLiveListing } from '../../helpers/many-live.ts'
import { readJson } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()
afterEach(() => {
  both.ebay.sell.mode = 'good'
})

const RULES = {
  minimumProfit: { by: 'amount', amount: 5 },
  shippingPaid: 0,
  ladder: { on: true, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 },
}

/** A seller's listing live on eBay and Etsy at $39.50 for 40 days ($20 cost), and `copies` more live on eBay. */
async function sitting(name: string, copies = 0) {
  const item = await listingLiveOnBoth(both, name, 1, { cost: 20 })
  const others = copies ? await copyLiveListing(both.t.db.sql, both.ebay, item.grant, item.id, copies) : []
  await both.t.db.sql`update listing_places set created_at = now() - interval '40 days'
    where listing_id in (select id from listings where user_id = ${item.seller.id})`
  expect((await item.seller.call('PUT', '/api/price-rules', RULES)).status).toBe(200)
  return { item, ids: [item.id, ...others] }
}
type Item = Awaited<ReturnType<typeof sitting>>['item']

/** The seller's eBay offers' prices, and the writes eBay took of them (a revision's offer call or a bulk price). */
const onEbay = (item: Item) => {
  const offers = [...both.ebay.inventory(item.grant).offers.values()]
  const revisions = both.ebay.sell.revisions.get(item.grant) ?? []
  return {
    prices: offers.map((offer) => (offer.body.pricingSummary as { price: { value: string } }).price.value),
    offerWrites: revisions.filter((revision) => revision.call === 'offer').length,
    bulkPrices: revisions.filter((revision) => revision.call === 'price').length,
  }
}
const applyNow = async (item: Item) => {
  const response = await item.seller.post('/api/price-rules/run', {})
  expect(response.status, await response.clone().text()).toBe(200)
  await both.t.settle()
}

describe('a markdown run on eBay', () => {
  it('sends the prices 25 a call, each listing once, and Etsy its revision', async () => {
    const { item, ids } = await sitting('bulk-many', 29)
    const calls = both.ebay.sell.bulkPriceQuantityCalls
    await applyNow(item)
    expect(both.ebay.sell.bulkPriceQuantityCalls - calls).toBe(2)
    expect(onEbay(item)).toEqual({ prices: ids.map(() => '35.55'), offerWrites: 0, bulkPrices: 30 })
    expect(item.etsyListing().price).toBe(35.55)
    // Counted as the day's revision of each listing, as a revision is.
    const [counted] = await both.t.db.sql<{ least: number }[]>`
      select min(revisions_that_day)::int as least from listing_places
      where marketplace = 'ebay' and listing_id = any(${ids}::int[])`
    expect(counted!.least).toBe(1)
    // Apply now again and the seller's job: nothing more reaches eBay.
    await applyNow(item)
    await both.t.jobs.send(MARKDOWN_SELLER_JOB, { userId: item.seller.id })
    await both.t.settle()
    expect(both.ebay.sell.bulkPriceQuantityCalls - calls).toBe(2)
  })

  it('after a process killed before eBay answered, the job sends the same price once more and changes nothing else', async () => {
    const { item } = await sitting('bulk-killed')
    await applyNow(item)
    // As a kill between the run's transaction and eBay's answer leaves it: the cut waiting, eBay at the old price.
    await both.t.db.sql`update markdown_changes set bulk_sending = true where listing_id = ${item.id}`
    const offer = [...both.ebay.inventory(item.grant).offers.values()][0]!
    offer.body.pricingSummary = { price: { value: '39.50', currency: 'USD' } }
    await both.t.jobs.send(MARKDOWN_SELLER_JOB, { userId: item.seller.id })
    await both.t.settle()
    expect(onEbay(item).prices).toEqual(['35.55'])
    expect((await item.row()).askingPrice).toBe(35.55)
    const [waiting] = await both.t.db.sql<{ count: number }[]>`
      select count(*)::int as count from markdown_changes where listing_id = ${item.id} and bulk_sending`
    expect(waiting!.count).toBe(0)
  })

  it('with eBay busy, sets the prices here and leaves eBay’s waiting for the seller’s job', async () => {
    const { item } = await sitting('bulk-busy')
    both.ebay.sell.mode = 'busy'
    await applyNow(item)
    expect((await item.row()).askingPrice).toBe(35.55)
    expect(onEbay(item).prices).toEqual(['39.50'])
    both.ebay.sell.mode = 'good'
    await both.t.jobs.send(MARKDOWN_SELLER_JOB, { userId: item.seller.id })
    await both.t.settle()
    expect(onEbay(item)).toEqual({ prices: ['35.55'], offerWrites: 0, bulkPrices: 1 })
  })

  it('sends a listing at the day’s revision bound by a revision, which waits for eBay’s next day', async () => {
    const { item, ids } = await sitting('bulk-limit', 1)
    await both.t.db.sql`update listing_places set revisions_that_day = 125,
        revision_day = (now() at time zone 'America/Los_Angeles')::date
      where listing_id = ${item.id} and marketplace = 'ebay'`
    await applyNow(item)
    const prices = onEbay(item).prices
    // The other listing took its price in the bulk call; this one's revision waits.
    expect(prices.sort()).toEqual(['35.55', '39.50'])
    const place = await both.t.db.sql<{ state: string; message: string }[]>`
      select revision_state as state, revision_message as message from listing_places
      where listing_id = ${item.id} and marketplace = 'ebay'`
    expect(place).toEqual([{ state: 'waiting', message: expect.stringMatching(/250 changes a day/) }])
    expect(ids).toHaveLength(2)
  })

  it('sends a listing eBay refuses in the bulk call by a revision, and says eBay’s refusal as a revision’s', async () => {
    const { item } = await sitting('bulk-refused')
    const offer = [...both.ebay.inventory(item.grant).offers.values()][0]!
    both.ebay.sell.revisionsToday.set(offer.listingId!, 250)
    await applyNow(item)
    expect(onEbay(item).prices).toEqual(['39.50'])
    const [place] = await both.t.db.sql<{ state: string }[]>`
      select revision_state as state from listing_places where listing_id = ${item.id} and marketplace = 'ebay'`
    expect(place!.state).toBe('waiting')
    expect((await readJson(await item.seller.get('/api/price-rules'))).runs).toHaveLength(1)
  })
})
