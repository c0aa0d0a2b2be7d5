// The seller's books (issue 32, decision 0039): cost, SKU, bin… on a listing, and the inventory and sales CSVs, read
// back as a spreadsheet would read them.
import { describe, expect, it } from 'vitest'
import type { Listing } from '../../../api/contract/listing.ts'
import { estimatedFeesCents } from '../../../api/contract/sale-earnings.ts'
import { recordSale } from '../../../api/db/marketplace-sales.ts'
import { csvRecords, parseCsv } from '../../helpers/csv.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile, type Seller } from '../../helpers/two-sellers.ts'
import { placeOnEbay } from '../../helpers/places.ts'

const s = twoSellersPerFile('exports')

const item = (fields: Record<string, unknown>) => ({ title: 'Pyrex bowl', category: 'home', color: 'white', ...fields })

const patch = (seller: Seller, listing: Listing, fields: Record<string, unknown>) =>
  seller.call('PATCH', `/api/listings/${listing.id}`, { ...listing, ...fields })

async function sell(userId: number, listingId: number, saleId: string, soldAt: string, unitPriceCents: number | null) {
  await s.t.db.sql.begin((tx) =>
    recordSale(tx, userId, listingId, {
      marketplace: 'ebay',
      saleId,
      orderId: `order-${saleId}`,
      quantity: 1,
      unitPriceCents,
      soldAt: new Date(soldAt),
      // As the sale recorder keeps it until eBay's fees are read.
      feesCents: estimatedFeesCents('ebay', unitPriceCents ?? 0, 0),
    }),
  )
}

async function download(path: string, seller = s.alice) {
  const response = await seller.get(path)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="snaplist-\w+-\d{4}-\d\d-\d\d\.csv"$/,
  )
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  expect(text.startsWith('\uFEFF')).toBe(true)
  return text.slice(1)
}

describe('the seller’s books on a listing', () => {
  it('keeps cost, SKU, bin, when and where bought and private notes, and makes a SKU when none is given', async () => {
    const kept = await createListing(s.alice, {
      cost: '3.50',
      sku: 'BOWL-1',
      bin: 'Shelf B2',
      boughtAt: '2026-03-14',
      boughtWhere: 'Goodwill on 5th',
      privateNotes: 'Chip under the rim',
    })
    expect(kept).toMatchObject({
      cost: 3.5,
      sku: 'BOWL-1',
      bin: 'Shelf B2',
      boughtAt: '2026-03-14',
      boughtWhere: 'Goodwill on 5th',
      privateNotes: 'Chip under the rim',
    })
    const made = await createListing(s.alice, { cost: 0 })
    expect(made).toMatchObject({ sku: `SL-${made.id}`, cost: 0, boughtAt: null, bin: '' })
    // The Dashboard's list is written by Postgres: the day stays a day there too.
    const listed = (await readJson(await s.alice.get('/api/listings'))) as unknown as Listing[]
    expect(listed.find((listing) => listing.id === kept.id)).toMatchObject({ boughtAt: '2026-03-14', cost: 3.5 })

    // Cleared in an edit, the SKU is Snaplist's again.
    const cleared = await patch(s.alice, kept, { sku: '' })
    expect(await readJson(cleared)).toMatchObject({ sku: `SL-${kept.id}`, version: 2 })
  })

  it('refuses a SKU another of the seller’s listings has, with a code and the field; another seller may use it', async () => {
    await createListing(s.alice, { sku: 'JEANS-7' })
    const second = await s.alice.post('/api/listings', item({ sku: 'JEANS-7' }))
    expect(second.status).toBe(409)
    expect(await readJson(second)).toMatchObject({ code: 'sku_taken', fields: { sku: expect.any(String) } })

    const other = await createListing(s.alice, { sku: 'JEANS-8' })
    const edit = await patch(s.alice, other, { sku: 'JEANS-7' })
    expect(edit.status).toBe(409)
    expect((await readJson(edit)).code).toBe('sku_taken')

    expect((await createListing(s.bob, { sku: 'JEANS-7' })).sku).toBe('JEANS-7')
  })

  it('refuses a day that is not one, and a cost below $0, naming the field', async () => {
    for (const [field, value] of [
      ['boughtAt', '2026-02-30'],
      ['boughtAt', 'last Tuesday'],
      ['cost', -1],
      ['cost', '1.234'],
    ] as const) {
      const response = await s.alice.post('/api/listings', item({ [field]: value }))
      expect(response.status, `${field}: ${value}`).toBe(400)
      expect((await readJson(response)).fields).toHaveProperty(field)
    }
  })
})

describe('GET /api/exports/inventory.csv', () => {
  it('opens cleanly in a spreadsheet: a formula stays text, commas, quotes and line breaks round-trip, only the seller’s rows', async () => {
    const formula = await createListing(s.alice, {
      title: '=HYPERLINK("http://evil.example","Click")',
      sku: '+SKU',
      bin: '@bin',
    })
    const awkward = await createListing(s.alice, {
      title: 'Mug, "large"\nblue',
      sku: 'MUG-1',
      cost: '12.00',
      quantity: 3,
    })
    await createListing(s.bob, { title: 'Bob’s secret lamp', sku: 'LAMP-1' })

    const text = await download('/api/exports/inventory.csv')
    expect(text.split('\r\n').at(-1)).toBe('')
    const [header] = parseCsv(text)
    expect(header).toEqual(['SKU', 'Title', 'Bin', 'Cost', 'Quantity', 'Status', 'Where live'])
    const rows = csvRecords(text)
    expect(rows.find((row) => row.Title!.includes('HYPERLINK'))).toEqual({
      SKU: "'+SKU",
      Title: `'${formula.title}`,
      Bin: "'@bin",
      Cost: '',
      Quantity: '1',
      Status: 'Ready',
      'Where live': '',
    })
    expect(rows.find((row) => row.SKU === 'MUG-1')).toMatchObject({
      Title: awkward.title,
      Cost: '12.00',
      Quantity: '3',
    })
    expect(rows.some((row) => row.Title!.includes('Bob'))).toBe(false)
    expect(rows.map((row) => row.SKU)).toEqual([...rows.map((row) => row.SKU)].sort())
  })

  it('says where a listing is live', async () => {
    const live = await createListing(s.alice, { sku: 'LIVE-1' })
    await placeOnEbay(s.t.db.sql, live.id, 'live', '1100')
    const rows = csvRecords(await download('/api/exports/inventory.csv'))
    expect(rows.find((row) => row.SKU === 'LIVE-1')).toMatchObject({ Status: 'Live', 'Where live': 'eBay' })
  })
})

describe('GET /api/exports/sales.csv', () => {
  it('one row per sale in the days asked for, with its shipping, fees (estimated until read), cost and profit, none of another seller’s', async () => {
    const bowl = await createListing(s.alice, { title: 'Sale bowl', sku: 'SOLD-1', cost: '4.25', quantity: 5 })
    const free = await createListing(s.alice, { title: '-5 off, "as is"', sku: 'SOLD-2' })
    await sell(s.aliceId, bowl.id, 'a1', '2025-12-31T23:59:59Z', 2000)
    await sell(s.aliceId, bowl.id, 'a2', '2026-01-01T00:00:00Z', 1999)
    await sell(s.aliceId, free.id, 'a3', '2026-01-31T12:00:00Z', 300)
    await sell(s.aliceId, bowl.id, 'a4', '2026-02-01T00:00:00Z', 1000)
    const bobs = await createListing(s.bob, { title: 'Bob sale', sku: 'SOLD-1' })
    await sell(s.bobId, bobs.id, 'b1', '2026-01-15T00:00:00Z', 5000)

    const text = await download('/api/exports/sales.csv?from=2026-01-01&to=2026-01-31')
    expect(parseCsv(text)[0]).toEqual([
      'Date',
      'Marketplace',
      'Order',
      'Title',
      'SKU',
      'Quantity',
      'Sale',
      'Shipping',
      'Refunded',
      'Fees',
      'Fees are',
      'Shipping label',
      'Cost',
      'Profit',
      'Status',
    ])
    // eBay's fees not read yet: 13.6% of the sale, plus $0.40.
    expect(csvRecords(text)).toEqual([
      {
        Date: '2026-01-01',
        Marketplace: 'eBay',
        Order: 'order-a2',
        Title: 'Sale bowl',
        SKU: 'SOLD-1',
        Quantity: '1',
        Sale: '19.99',
        Shipping: '0.00',
        Refunded: '0.00',
        Fees: '3.12',
        'Fees are': 'estimated',
        'Shipping label': '0.00',
        Cost: '4.25',
        Profit: '12.62',
        Status: 'Sold',
      },
      {
        Date: '2026-01-31',
        Marketplace: 'eBay',
        Order: 'order-a3',
        Title: '\'-5 off, "as is"',
        SKU: 'SOLD-2',
        Quantity: '1',
        Sale: '3.00',
        Shipping: '0.00',
        Refunded: '0.00',
        Fees: '0.81',
        'Fees are': 'estimated',
        'Shipping label': '0.00',
        Cost: '',
        Profit: '',
        Status: 'Sold',
      },
    ])
    // Without days: every sale of hers, oldest first.
    const all = csvRecords(await download('/api/exports/sales.csv'))
    expect(all.map((row) => row.Order)).toEqual(['order-a1', 'order-a2', 'order-a3', 'order-a4'])
  })

  it('counts a sale of a piece that was no longer there as nothing, and says it is to cancel (issue 47)', async () => {
    const coat = await createListing(s.alice, { title: 'Pea coat', sku: 'COAT-1', cost: '12' })
    await sell(s.aliceId, coat.id, 'c1', '2025-03-01T10:00:00Z', 3600)
    await sell(s.aliceId, coat.id, 'c2', '2025-03-01T10:00:01Z', 3500)
    const rows = csvRecords(await download('/api/exports/sales.csv?from=2025-03-01&to=2025-03-01'))
    expect(
      rows.map(({ Order, Quantity, Sale, Fees, Cost, Profit, Status }) => ({
        Order,
        Quantity,
        Sale,
        Fees,
        Cost,
        Profit,
        Status,
      })),
    ).toEqual([
      { Order: 'order-c1', Quantity: '1', Sale: '36.00', Fees: '5.30', Cost: '12.00', Profit: '18.70', Status: 'Sold' },
      {
        Order: 'order-c2',
        Quantity: '0',
        Sale: '0.00',
        Fees: '0.00',
        Cost: '0.00',
        Profit: '0.00',
        Status: 'To cancel',
      },
    ])
  })

  it('answers a clear 400 to days that are not days, or a range that ends before it starts', async () => {
    for (const query of ['from=2026-02-30', 'to=yesterday', 'from=2026-03-01&to=2026-02-01', 'from=2026-1-1']) {
      const response = await s.alice.get(`/api/exports/sales.csv?${query}`)
      expect(response.status, query).toBe(400)
      const body = await readJson(response)
      expect(body.code).toBe('invalid_input')
      expect(Object.keys(body.fields as object).length).toBe(1)
    }
  })
})
