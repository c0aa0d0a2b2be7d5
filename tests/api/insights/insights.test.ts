// The seller's Insights (issue 32, decision 0043): revenue, profit, items sold, sell-through and days to sell of the
// sales in the days asked for, by month and by marketplace; what the seller holds at cost; the listings live longest;
// and the sales behind any figure, a page at a time. Only the seller's own.
import { describe, expect, it, vi } from 'vitest'
import { INSIGHT_SALES_PAGE, type InsightSales, type Insights } from '../../../api/contract/insights.ts'
import type { Listing, SoldOn } from '../../../api/contract/listing.ts'
import { estimatedFeesCents } from '../../../api/contract/sale-earnings.ts'
import { recordSale } from '../../../api/db/marketplace-sales.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile } from '../../helpers/two-sellers.ts'
import { placeOnEbay } from '../../helpers/places.ts'

const s = twoSellersPerFile('insights')

/** Alice's listing, listed at `createdAt`. */
async function create(fields: Record<string, unknown>, createdAt: string): Promise<Listing> {
  const listing = await createListing(s.alice, fields)
  await s.t.db.sql`update listings set created_at = ${createdAt} where id = ${listing.id}`
  return listing
}

let saleCount = 0
/** A sale recorded as the sale recorder records one: fees estimated until read. */
async function sell(listing: Listing, marketplace: SoldOn, soldAt: string, unitPriceCents: number, shippingCents = 0) {
  saleCount += 1
  await s.t.db.sql.begin((tx) =>
    recordSale(tx, s.aliceId, listing.id, {
      marketplace,
      saleId: `sale-${saleCount}`,
      orderId: marketplace === 'elsewhere' ? null : `order-${saleCount}`,
      quantity: 1,
      unitPriceCents,
      shippingCents,
      soldAt: new Date(soldAt),
      feesCents: estimatedFeesCents(marketplace, unitPriceCents, shippingCents),
    }),
  )
}

const insightsOf = async (query: string, seller = s.alice): Promise<Insights> => {
  const response = await seller.get(`/api/insights${query}`)
  expect(response.status).toBe(200)
  return (await readJson(response)) as unknown as Insights
}

describe('GET /api/insights', () => {
  it('sums the sales in the days asked for, by month and marketplace, with sell-through, days to sell and what is held', async () => {
    const bowls = await create({ cost: '5', quantity: 4 }, '2026-01-01T00:00:00Z')
    const lamp = await create({ title: 'Brass lamp', quantity: 1 }, '2026-01-11T00:00:00Z')
    await sell(bowls, 'ebay', '2026-01-11T00:00:00Z', 2000, 500)
    await sell(bowls, 'etsy', '2026-02-01T00:00:00Z', 3000)
    await sell(lamp, 'elsewhere', '2026-02-21T00:00:00Z', 4000)
    await sell(bowls, 'ebay', '2027-01-05T00:00:00Z', 1000)

    const figures = await insightsOf('?from=2026-01-01&to=2026-12-31')
    expect(figures.from).toBe('2026-01-01')
    // eBay: 13.6% of 25.00 + 0.40 = 3.80; Etsy: 9.5% of 30.00 + 0.45 = 3.30; elsewhere: none entered.
    expect(figures.months).toEqual([
      expect.objectContaining({ month: '2026-01', revenue: 25, fees: 3.8, cost: 5, profit: 16.2, itemsSold: 1 }),
      expect.objectContaining({ month: '2026-02', revenue: 70, fees: 3.3, cost: 5, profit: 61.7, itemsSold: 2 }),
    ])
    expect(figures.marketplaces.map((each) => [each.marketplace, each.revenue, each.profit])).toEqual([
      ['ebay', 25, 16.2],
      ['elsewhere', 40, 40],
      ['etsy', 30, 21.7],
    ])
    expect(figures.totals).toMatchObject({
      revenue: 95,
      profit: 77.9,
      itemsSold: 3,
      sales: 3,
      salesWithoutCost: 1,
      estimatedSales: 2,
      // 10, 31 and 41 days from listing to sale.
      averageDaysToSell: 27.3,
    })
    // 3 sold in the year; 1 bowl still held (the sale of 2027 took another).
    expect(figures.totals.sellThrough).toBeCloseTo(3 / 4, 5)
    expect(figures.inventory).toEqual({ pieces: 1, valueAtCost: 5, piecesWithoutCost: 0 })
  })

  it('names the stale listings: live and unsold as long as the ladder waits (30 days by default)', async () => {
    const old = await create(
      { title: 'Old Pyrex', askingPrice: '24' },
      new Date(Date.now() - 200 * 86_400_000).toISOString(),
    )
    const recent = await create({ title: 'New Pyrex' }, new Date(Date.now() - 10 * 86_400_000).toISOString())
    for (const listing of [old, recent]) await placeOnEbay(s.t.db.sql, listing.id)
    await s.t.db.sql`update listing_places p set created_at = l.created_at from listings l
      where l.id = p.listing_id and l.id in (${old.id}, ${recent.id})`
    const { stale } = await insightsOf('')
    expect(stale).toEqual({
      afterDays: 30,
      count: 1,
      more: false,
      listings: [{ id: old.id, title: 'Old Pyrex', price: 24, daysLive: 200 }],
    })
  })

  it('counts only the pieces there were of a sale beyond the stock, to the cent as its own figures say', async () => {
    const lamps = await create({ title: 'Lamp pair', cost: '3', quantity: 1 }, '2024-03-01T00:00:00Z')
    // An order for 3 when 1 was left: 2 of them to cancel (sold twice, decision 0056).
    await s.t.db.sql.begin((tx) =>
      recordSale(tx, s.aliceId, lamps.id, {
        marketplace: 'ebay',
        saleId: 'sale-beyond-stock',
        orderId: 'order-beyond-stock',
        quantity: 3,
        unitPriceCents: 1000,
        shippingCents: 1001,
        soldAt: new Date('2024-03-02T00:00:00Z'),
        feesCents: 457,
      }),
    )
    const range = 'from=2024-03-01&to=2024-03-31'
    const { totals } = await insightsOf(`?${range}`)
    // A third of the shipping (3.337) and of the fees (1.523), to the cent; the cost of the one piece.
    expect(totals).toMatchObject({ sales: 1, itemsSold: 1, toCancel: 1, revenue: 13.34, fees: 1.52, cost: 3 })
    const [sale] = ((await readJson(await s.alice.get(`/api/insights/sales?${range}`))) as unknown as InsightSales)
      .sales
    expect(sale).toMatchObject({ standing: 'to-cancel', quantity: 3, counted: 1, sale: 10, shipping: 3.34, fees: 1.52 })
    expect(totals.profit).toBe(sale!.profit)
    expect(totals.profit).toBe(8.82)
  })

  it('shows another seller none of it', async () => {
    const figures = await insightsOf('', s.bob)
    expect(figures.totals).toMatchObject({ revenue: 0, sales: 0, sellThrough: null, averageDaysToSell: null })
    expect(figures.months).toEqual([])
    expect(figures.stale).toEqual({ afterDays: 30, count: 0, more: false, listings: [] })
  })

  it('answers a clear 400 to days that are not days', async () => {
    for (const query of ['?from=2026-02-30', '?from=2026-03-01&to=2026-02-01']) {
      const response = await s.alice.get(`/api/insights${query}`)
      expect(response.status, query).toBe(400)
      expect((await readJson(response)).code).toBe('invalid_input')
    }
  })
})

describe('GET /api/insights/sales', () => {
  it('answers the sales behind a figure, newest first, a page at a time, on one marketplace if asked', async () => {
    const mugs = await create({ title: 'Mug', cost: '1', quantity: 100 }, '2025-01-01T00:00:00Z')
    for (let day = 0; day < INSIGHT_SALES_PAGE + 5; day += 1)
      await sell(
        mugs,
        day % 5 === 0 ? 'etsy' : 'ebay',
        new Date(Date.UTC(2025, 5, 1) + day * 3_600_000).toISOString(),
        500,
      )
    const range = 'from=2025-06-01&to=2025-06-30'
    const first = (await readJson(await s.alice.get(`/api/insights/sales?${range}`))) as unknown as InsightSales
    expect(first.sales).toHaveLength(INSIGHT_SALES_PAGE)
    expect(first.sales[0]).toMatchObject({ title: 'Mug', listingId: mugs.id, sale: 5, cost: 1, feesState: 'estimated' })
    const second = (await readJson(
      await s.alice.get(`/api/insights/sales?${range}&after=${first.next}`),
    )) as unknown as InsightSales
    expect(second.sales).toHaveLength(5)
    expect(second.next).toBeNull()
    const times = [...first.sales, ...second.sales].map((sale) => sale.soldAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(new Set(times).size).toBe(INSIGHT_SALES_PAGE + 5)
    const onEtsy = (await readJson(
      await s.alice.get(`/api/insights/sales?${range}&marketplace=etsy`),
    )) as unknown as InsightSales
    expect(onEtsy.sales).toHaveLength(11)
    expect(onEtsy.sales.every((sale) => sale.marketplace === 'etsy')).toBe(true)
    const bobs = (await readJson(await s.bob.get(`/api/insights/sales?${range}`))) as unknown as InsightSales
    expect(bobs.sales).toEqual([])
  })

  it('refuses a cursor it did not give and a marketplace it does not know', async () => {
    for (const query of ['after=bm90LWEta2V5', 'after=%3Cscript%3E', 'marketplace=amazon']) {
      const response = await s.alice.get(`/api/insights/sales?${query}`)
      expect(response.status, query).toBe(400)
    }
  })

  it('refuses a cursor shaped like its own whose sale key Postgres could not read, with a 400 and no error logged', async () => {
    const cursor = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url')
    const crafted = [
      { soldAtKey: 'not a time', marketplace: 'ebay', saleId: 'sale-1' },
      { soldAtKey: '2026-02-30 10:00:00+00', marketplace: 'ebay', saleId: 'sale-1' },
      { soldAtKey: '2026-03-01 10:00:00\u0000+00', marketplace: 'ebay', saleId: 'sale-1' },
      { soldAtKey: '2026-03-01 10:00:00+00', marketplace: 'ebay', saleId: 'sale\u0000-1' },
      { soldAtKey: '2026-03-01 10:00:00+00', marketplace: 'amazon', saleId: 'sale-1' },
    ].map(cursor)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      for (const after of crafted) {
        const response = await s.alice.get(`/api/insights/sales?after=${after}`)
        expect(response.status, Buffer.from(after, 'base64url').toString()).toBe(400)
        expect((await readJson(response)).message).toMatch(/^after must be the cursor a page gave/)
      }
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })
})
