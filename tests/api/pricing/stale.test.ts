// Stale listings (issue 51, docs/decisions/0080): live and unsold for as many days as the seller's ladder waits before
// its first cut (30 until they set it), named on the Dashboard (GET /api/price-rules/stale) and in Insights; counted
// to STALE_COUNT_MAX and no further; another seller's never.
import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICE_RULES, STALE_COUNT_MAX, type StaleListings } from '../../../api/contract/price-rules.ts'
import type { Insights } from '../../../api/contract/insights.ts'
import { recordSale } from '../../../api/db/marketplace-sales.ts'
import { placeOnEbay } from '../../helpers/places.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile, type Seller } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('stale')

/** Alice's listing live on eBay for `days` days (its listing made then, its place too). */
async function liveFor(title: string, days: number, fields: Record<string, unknown> = {}) {
  const listing = await createListing(s.alice, { title, askingPrice: '20', ...fields })
  await placeOnEbay(s.t.db.sql, listing.id)
  await s.t.db.sql`update listings set created_at = now() - make_interval(days => ${days}) where id = ${listing.id}`
  await s.t.db.sql`update listing_places set created_at = now() - make_interval(days => ${days})
    where listing_id = ${listing.id}`
  return listing.id
}

const staleOf = async (seller: Seller = s.alice): Promise<StaleListings> => {
  const response = await seller.get('/api/price-rules/stale')
  expect(response.status).toBe(200)
  return (await readJson(response)) as unknown as StaleListings
}

describe('GET /api/price-rules/stale', () => {
  it('names the listings live 30 days with no sale in 30, oldest first; Insights names the same', async () => {
    const oldest = await liveFor('Old Pyrex', 200)
    const sitting = await liveFor('Wool coat', 40)
    await liveFor('New lamp', 10)
    // Two pieces, one sold 5 days ago: it is moving.
    const moving = await liveFor('Teacups', 50, { quantity: 2 })
    await s.t.db.sql.begin((tx) =>
      recordSale(tx, s.aliceId, moving, {
        marketplace: 'ebay',
        saleId: 'stale-moving',
        orderId: 'order-moving',
        quantity: 1,
        unitPriceCents: 2000,
        soldAt: new Date(Date.now() - 5 * 86_400_000),
      }),
    )
    // Ended there: not live, not stale however old.
    const ended = await liveFor('Ended vase', 90)
    await placeOnEbay(s.t.db.sql, ended, 'ended')

    expect(await staleOf()).toEqual({
      afterDays: 30,
      count: 2,
      more: false,
      listings: [
        { id: oldest, title: 'Old Pyrex', price: 20, daysLive: 200 },
        { id: sitting, title: 'Wool coat', price: 20, daysLive: 40 },
      ],
    })
    expect(((await readJson(await s.alice.get('/api/insights'))) as unknown as Insights).stale).toEqual(await staleOf())
    expect(await staleOf(s.bob)).toEqual({ afterDays: 30, count: 0, more: false, listings: [] })
  })

  it("waits as long as the seller's ladder waits for its first cut", async () => {
    const rules = { ...DEFAULT_PRICE_RULES, ladder: { ...DEFAULT_PRICE_RULES.ladder, firstAfterDays: 60 } }
    expect((await s.alice.call('PUT', '/api/price-rules', rules)).status).toBe(200)
    const stale = await staleOf()
    expect(stale).toMatchObject({ afterDays: 60, count: 1, listings: [{ title: 'Old Pyrex', daysLive: 200 }] })
    expect((await s.alice.call('PUT', '/api/price-rules', DEFAULT_PRICE_RULES)).status).toBe(200)
  })

  it('counts at most STALE_COUNT_MAX and names three', async () => {
    const before = (await staleOf()).count
    const ids = await s.t.db.sql<{ id: number }[]>`
      insert into listings (user_id, client_id, title, category, color, price, created_at)
      select ${s.aliceId}, gen_random_uuid(), 'Copy ' || n, 'home', 'white', 10, now() - interval '45 days'
      from generate_series(1, ${STALE_COUNT_MAX}) as n returning id`
    for (const { id } of ids) await placeOnEbay(s.t.db.sql, id)
    await s.t.db.sql`update listing_places set created_at = now() - interval '45 days'
      where listing_id = any(${ids.map(({ id }) => id)}::int[])`
    const stale = await staleOf()
    expect(before).toBe(2)
    expect(stale).toMatchObject({ count: STALE_COUNT_MAX, more: true })
    expect(stale.listings.map((listing) => listing.title)).toEqual(['Old Pyrex', 'Copy 1', 'Copy 2'])
  })
})
