// The tax year (issue 52, decision 0061): a year with sales on eBay and Etsy (one refunded), a haul bought, expenses and
// drives. Every figure of GET /api/tax-years/{year} is the sum of its parts to the cent, each marketplace's lines add up
// to the gross its 1099-K reports, the CSV carries the same figures, and the Insights of the year agree on every figure
// they share; each figure of the sales opens the sales behind it, whose parts add up to it. Only the seller's own.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { InsightSale, InsightSales, Insights } from '../../../api/contract/insights.ts'
import type { Listing, SoldOn } from '../../../api/contract/listing.ts'
import { estimatedFeesCents } from '../../../api/contract/sale-earnings.ts'
import type { TaxYear } from '../../../api/contract/tax-year.ts'
import { recordSale, storeEarnings } from '../../../api/db/marketplace-sales.ts'
import { csvRecords } from '../../helpers/csv.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('taxyear')

let saleCount = 0
async function sell(
  listing: Listing,
  marketplace: SoldOn,
  soldAt: string,
  { price, shipping = 0, tax = 0, quantity = 1 }: { price: number; shipping?: number; tax?: number; quantity?: number },
) {
  saleCount += 1
  const saleId = `tax-sale-${saleCount}`
  await s.t.db.sql.begin((tx) =>
    recordSale(tx, s.aliceId, listing.id, {
      marketplace,
      saleId,
      orderId: marketplace === 'elsewhere' ? null : `tax-order-${saleCount}`,
      quantity,
      unitPriceCents: price,
      shippingCents: shipping,
      soldAt: new Date(soldAt),
      feesCents: estimatedFeesCents(marketplace, price * quantity, shipping),
      salesTaxCents: tax,
    }),
  )
  return saleId
}

const yearOf = async (year: number, seller = s.alice): Promise<TaxYear> => {
  const response = await seller.get(`/api/tax-years/${year}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await readJson(response)) as TaxYear
}

describe('GET /api/tax-years/{year}', () => {
  it('adds the year up to the cent, reconciles each marketplace with its 1099-K, and agrees with the Insights and the CSV', async () => {
    // Held from the year before: a lamp bought in 2025 (cost 8.00), sold in 2026.
    const lamp = await createListing(s.alice, { title: 'Lamp', cost: '8', boughtAt: '2025-11-02' })
    // The haul of 2026: 3 bowls at 4.00 each; one still held at the end of the year.
    const bowls = await createListing(s.alice, { title: 'Bowls', cost: '4', quantity: 3, boughtAt: '2026-03-01' })
    const jacket = await createListing(s.alice, { title: 'Jacket', cost: '15.55', boughtAt: '2026-04-01' })
    const vase = await createListing(s.alice, { title: 'Vase', boughtAt: '2026-04-02' })

    await sell(lamp, 'ebay', '2026-02-10T12:00:00Z', { price: 4500, shipping: 899, tax: 325 })
    await sell(bowls, 'ebay', '2026-05-01T12:00:00Z', { price: 1250 })
    const refunded = await sell(bowls, 'etsy', '2026-06-01T12:00:00Z', { price: 1800, shipping: 500, tax: 144 })
    await storeEarnings(
      s.t.db.sql,
      'etsy',
      refunded,
      { feesCents: 264, labelCents: 0, feeLines: [{ type: 'transaction', cents: 264 }], refundCents: 900 },
      'read',
    )
    await sell(jacket, 'elsewhere', '2026-07-04T12:00:00Z', { price: 3000 })
    await sell(vase, 'etsy', '2026-08-08T12:00:00Z', { price: 2200 })
    // Another year's sale is not this year's.
    await sell(bowls, 'ebay', '2027-01-02T12:00:00Z', { price: 999 })

    for (const [spentOn, amount, category] of [
      ['2026-01-15', '23.45', 'packaging'],
      ['2026-02-01', '9.99', 'subscriptions'],
      ['2026-02-11', '40', 'storage'],
      ['2025-12-31', '100', 'equipment'],
    ])
      await s.alice.post('/api/expenses', { clientId: randomUUID(), spentOn, amount, category })
    for (const [drivenOn, miles] of [
      ['2026-03-01', '18.2'],
      ['2026-03-08', '7.5'],
    ])
      await s.alice.post('/api/trips', { clientId: randomUUID(), drivenOn, purpose: 'Estate sales', miles })
    await s.alice.call('PUT', '/api/mileage-rates/2026', { centsPerMile: '72.5' })

    const year = await yearOf(2026)
    const ebay = year.marketplaces.find((each) => each.marketplace === 'ebay')!
    const etsy = year.marketplaces.find((each) => each.marketplace === 'etsy')!
    expect(ebay).toMatchObject({ itemsCents: 5750, shippingCents: 899, grossReceiptsCents: 6649, refundsCents: 0 })
    expect(etsy).toMatchObject({ itemsCents: 4000, shippingCents: 500, grossReceiptsCents: 4500, refundsCents: 900 })
    // The 1099-K's gross: items, shipping and the sales tax the marketplace collected.
    expect(ebay.form1099k!.grossCents).toBe(5750 + 899 + 325)
    expect(etsy.form1099k!.grossCents).toBe(4000 + 500 + 144)
    for (const each of [ebay, etsy])
      expect(each.form1099k!.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(each.form1099k!.grossCents)
    expect(year.marketplaces.find((each) => each.marketplace === 'elsewhere')!.form1099k).toBeNull()

    expect(year.grossReceiptsCents).toBe(6649 + 4500 + 3000)
    expect(year.returnsCents).toBe(900)
    // Inventory: the lamp (8.00) at the start; bought: 3 bowls, the jacket; at the end: one bowl.
    expect(year.cogs).toMatchObject({ startCents: 800, boughtCents: 1200 + 1555, endCents: 400 })
    expect(year.cogs.cogsCents).toBe(year.cogs.startCents + year.cogs.boughtCents - year.cogs.endCents)
    expect(year.cogs.cogsCents).toBe(800 + 400 + 400 + 1555)
    expect(year.expensesCents).toBe(2345 + 999 + 4000)
    expect(year.expenses.map((each) => [each.category, each.amountCents])).toEqual([
      ['packaging', 2345],
      ['subscriptions', 999],
      ['storage', 4000],
    ])
    // 25.7 miles at 72.5¢ = 18.6325, rounded once: $18.63.
    expect(year.mileage).toMatchObject({ milesTenths: 257, trips: 2, deductionCents: 1863 })
    const fees = year.marketplaces.reduce((sum, each) => sum + each.feesCents, 0)
    expect(year.feesCents).toBe(fees)
    expect(year.netProfitCents).toBe(
      year.grossReceiptsCents -
        year.returnsCents -
        year.cogs.cogsCents -
        year.mileage.deductionCents -
        year.expensesCents -
        year.feesCents -
        year.labelCents,
    )
    const line = (number: string) => year.scheduleC.find((row) => row.line === number)!.cents
    expect(line('22')).toBe(2345)
    expect(line('27a')).toBe(999 + 4000 + year.feesCents + year.labelCents)
    expect(line('1') - line('2') - line('4') - line('9') - line('22') - line('27a')).toBe(line('31'))

    // The Insights of the same days say the same of every figure they share; their revenue is less the refunds, which
    // the tax year shows apart as returns (decision 0072).
    const insights = (await readJson(await s.alice.get('/api/insights?from=2026-01-01&to=2026-12-31'))) as Insights
    const cents = (dollars: number) => Math.round(dollars * 100)
    expect(cents(insights.totals.revenue)).toBe(year.grossReceiptsCents - year.returnsCents)
    expect(cents(insights.totals.fees)).toBe(year.feesCents)
    expect(cents(insights.totals.labels)).toBe(year.labelCents)
    expect(cents(insights.totals.cost)).toBe(year.cogs.cogsCents)
    for (const each of insights.marketplaces) {
      const mine = year.marketplaces.find((other) => other.marketplace === each.marketplace)!
      expect([cents(each.revenue), cents(each.fees), each.itemsSold]).toEqual([
        mine.grossReceiptsCents - mine.refundsCents,
        mine.feesCents,
        mine.itemsSold,
      ])
    }

    // Each figure of the sales opens the sales behind it (GET /api/insights/sales): their parts add up to it.
    const behind = async (query: string) => {
      const response = await s.alice.get(`/api/insights/sales?from=2026-01-01&to=2026-12-31${query}`)
      return ((await readJson(response)) as InsightSales).sales
    }
    const sumOf = (sales: InsightSale[], part: (sale: InsightSale) => number) =>
      sales.reduce((sum, sale) => sum + cents(part(sale)), 0)
    for (const each of year.marketplaces) {
      const sales = await behind(`&marketplace=${each.marketplace}`)
      expect(sumOf(sales, (sale) => (sale.sale ?? 0) + sale.shipping)).toBe(each.grossReceiptsCents)
      expect(sumOf(sales, (sale) => sale.fees)).toBe(each.feesCents)
      expect(sumOf(sales, (sale) => sale.label)).toBe(each.labelCents)
      const refunded = await behind(`&marketplace=${each.marketplace}&refunded=true`)
      expect(sumOf(refunded, (sale) => sale.refunded)).toBe(each.refundsCents)
      expect(refunded.every((sale) => sale.refunded > 0)).toBe(true)
    }
    expect((await behind('&refunded=true')).map((sale) => [sale.marketplace, sale.refunded])).toEqual([['etsy', 9]])
    expect(sumOf(await behind(''), (sale) => sale.cost ?? 0)).toBe(year.cogs.cogsCents)
    expect((await s.alice.get('/api/insights/sales?refunded=yes')).status).toBe(400)

    // The CSV carries the same figures.
    const csv = await s.alice.get('/api/exports/tax-year/2026.csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const records = csvRecords(await csv.text())
    const amountOf = (section: string, item: string) =>
      records.find((record) => record.Section === section && record.Item === item)?.Amount
    const dollars = (value: number) => (value / 100).toFixed(2)
    for (const row of year.scheduleC) expect(amountOf('Schedule C', row.label)).toBe(dollars(row.cents))
    expect(amountOf('eBay 1099-K', 'Gross eBay reports on its 1099-K')).toBe(dollars(ebay.form1099k!.grossCents))
    expect(amountOf('Sales: Etsy', 'Refunds')).toBe('9.00')
    expect(amountOf('Cost of goods sold', 'Inventory at the start of the year')).toBe('8.00')
    expect(records.at(-1)!.Item).toMatch(/Not tax advice/)

    // Bob's year is his own: none of it.
    const bobs = await yearOf(2026, s.bob)
    expect([bobs.grossReceiptsCents, bobs.expensesCents, bobs.mileage.milesTenths, bobs.cogs.boughtCents]).toEqual([
      0, 0, 0, 0,
    ])
  })

  it('refuses a year that is not one', async () => {
    for (const path of ['/api/tax-years/26', '/api/tax-years/1999', '/api/exports/tax-year/2026.xls'])
      expect((await s.alice.get(path)).status).toBe(400)
  })
})
