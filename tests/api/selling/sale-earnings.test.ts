// What a sale earned (issue 32, docs/decisions/0042): the price and shipping the buyer paid, the marketplace's fees read
// from eBay's Finances API and Etsy's payment and ledger (both stand-ins, checked against their contracts), the label
// bought on eBay, the cost the seller entered, and so the profit; estimated, with its basis, until the fees are read;
// read again until the marketplace settles them; a sale elsewhere takes the fees the seller enters.
import { describe, expect, it } from 'vitest'
import { jobSchemaFor } from '../../../api/services/jobs.ts'
import { SALE_EARNINGS_JOB } from '../../../api/services/selling/sale-earnings.ts'
import { buyLabel, refundOrder, settleOrder } from '../../fakes/ebay-finances.ts'
import { csvRecords } from '../../helpers/csv.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson, registeredClient, type JsonBody } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

const liveOnBoth = (name: string, quantity: number, cost = 12) => listingLiveOnBoth(both, name, quantity, { cost })

async function salesOf(item: Awaited<ReturnType<typeof liveOnBoth>>): Promise<JsonBody[]> {
  const response = await item.seller.get(`/api/listings/${item.id}/sales`)
  expect(response.status).toBe(200)
  return (await readJson(response)).sales as JsonBody[]
}

/** A day has passed: the reads waiting for their next day run. */
async function nextDay() {
  await dueNow(both.t.db.sql, SALE_EARNINGS_JOB)
  await both.t.settle()
}

describe('an eBay sale', () => {
  it("shows eBay's own fees once read, then the label bought there, and the profit after both", async () => {
    const item = await liveOnBoth('ebay-fees', 1)
    const order = item.sellOnEbay(1, 8)
    await item.poll()
    const [read] = await salesOf(item)
    // 13.6% of 39.50 + 8 is 6.46, and 0.40 for the order: what eBay's SALE transaction says, line by line.
    expect(read).toMatchObject({
      marketplace: 'ebay',
      orderId: order.orderId,
      sale: 39.5,
      shipping: 8,
      fees: 6.86,
      feesState: 'read',
      feeLines: [
        { type: 'FINAL_VALUE_FEE', cents: 646 },
        { type: 'FINAL_VALUE_FEE_FIXED_PER_ORDER', cents: 40 },
      ],
      label: 0,
      cost: 12,
      profit: 28.64,
      estimateBasis: null,
    })

    buyLabel(both.ebay.sell, order.orderId, 7.65)
    settleOrder(both.ebay.sell, order.orderId)
    await nextDay()
    const [settled] = await salesOf(item)
    expect(settled).toMatchObject({ feesState: 'settled', fees: 6.86, label: 7.65, profit: 20.99 })

    // Settled is final: nothing read later changes it, and no further read is queued.
    buyLabel(both.ebay.sell, order.orderId, 3)
    await nextDay()
    expect((await salesOf(item))[0]).toMatchObject({ label: 7.65, profit: 20.99 })
    const schema = await jobSchemaFor(both.t.db.sql)
    const waiting = await both.t.db.sql`
      select 1 from ${both.t.db.sql(schema)}.job
      where name = ${SALE_EARNINGS_JOB} and data->>'orderId' = ${order.orderId} and state = 'created'`
    expect(waiting).toHaveLength(0)
    // The books say the same.
    const csv = await (await item.seller.get('/api/exports/sales.csv')).text()
    expect(csvRecords(csv)).toMatchObject([
      { Sale: '39.50', Shipping: '8.00', Fees: '6.86', 'Fees are': 'final', 'Shipping label': '7.65', Profit: '20.99' },
    ])
  })

  it('keeps the sales tax eBay collected and the refund the seller gave, for the tax year (issue 52)', async () => {
    const item = await liveOnBoth('ebay-refund', 1)
    const order = item.sellOnEbay(1, 8)
    order.lineItems[0]!.ebayCollectAndRemitTaxes = [
      { taxType: 'STATE_SALES_TAX', amount: { value: '3.16', currency: 'USD' } },
    ]
    await item.poll()
    refundOrder(both.ebay.sell, order.orderId, 12.5)
    await nextDay()
    const [row] = await both.t.db.sql`
      select sales_tax_cents, refund_cents from marketplace_sales where order_id = ${order.orderId}`
    expect(row).toEqual({ salesTaxCents: 316, refundCents: 1250 })
  })

  it('shows an estimate, and says how it was made, while eBay cannot be asked; the real fees once it can', async () => {
    const item = await liveOnBoth('ebay-down', 1, 10)
    both.ebay.sell.trouble = { path: /\/sell\/finances\//, status: 503 }
    try {
      item.sellOnEbay(1, 0)
      await item.poll()
      const [estimated] = await salesOf(item)
      // 13.6% of 39.50 is 5.37, plus 0.40.
      expect(estimated).toMatchObject({ feesState: 'estimated', fees: 5.77, profit: 23.73 })
      expect(estimated!.estimateBasis).toContain('13.6%')
    } finally {
      both.ebay.sell.trouble = null
    }
    await dueNow(both.t.db.sql, SALE_EARNINGS_JOB, ['retry'])
    await both.t.settle()
    expect((await salesOf(item))[0]).toMatchObject({ feesState: 'read', fees: 5.77, estimateBasis: null })
  })
})

describe('an Etsy sale', () => {
  it("shows the transaction fees from the shop's ledger and the payment's processing fee, settled once it ships", async () => {
    const item = await liveOnBoth('etsy-fees', 1)
    const receipt = item.sellOnEtsy(1, 5)
    await item.poll()
    const [read] = await salesOf(item)
    const sale = read!.sale as number
    expect(read).toMatchObject({
      marketplace: 'etsy',
      orderId: String(receipt.receipt_id),
      shipping: 5,
      feesState: 'read',
    })
    const lines = read!.feeLines as { type: string; cents: number }[]
    expect(lines.map((line) => line.type)).toEqual(['transaction', 'shipping_transaction', 'payment_processing'])
    // Etsy's 6.5% on the item and on its shipping, and 3% + $0.25 of the whole payment.
    expect(lines[0]!.cents).toBe(Math.round(sale * 6.5))
    expect(lines[1]!.cents).toBe(Math.round(5 * 6.5))
    const fees = lines.reduce((sum, line) => sum + line.cents, 0) / 100
    expect(read!.fees).toBeCloseTo(fees, 2)
    expect(read!.profit).toBeCloseTo(sale + 5 - fees - 12, 2)

    both.etsy.ship(receipt.receipt_id)
    await nextDay()
    expect((await salesOf(item))[0]).toMatchObject({ feesState: 'settled' })
  })
})

describe('a sale elsewhere', () => {
  it('keeps the sales tax Etsy collected and the refund the seller gave, for the tax year (issue 52)', async () => {
    const item = await liveOnBoth('etsy-refund', 1)
    const receipt = item.sellOnEtsy(1, 5)
    receipt.tax = 2.4
    receipt.refunded = 10
    await item.poll()
    await nextDay()
    const [row] = await both.t.db.sql`
      select sales_tax_cents, refund_cents from marketplace_sales where order_id = ${String(receipt.receipt_id)}`
    expect(row).toEqual({ salesTaxCents: 240, refundCents: 1000 })
  })

  it('takes the fees the seller enters, and a sale without them counts none', async () => {
    const item = await liveOnBoth('elsewhere-fees', 2)
    const withFees = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, {
      quantity: 1,
      price: 30,
      fees: 3.5,
      where: 'Flea market',
    })
    expect(withFees.status).toBe(200)
    const without = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, { quantity: 1, price: 20 })
    expect(without.status).toBe(200)
    const [last, first] = await salesOf(item)
    expect(first).toMatchObject({ orderId: 'Flea market', fees: 3.5, feesState: 'entered', profit: 14.5 })
    expect(last).toMatchObject({ fees: 0, feesState: 'estimated', estimateBasis: null, profit: 8 })
  })

  it('refuses fees that are not an amount, and records nothing', async () => {
    const item = await liveOnBoth('elsewhere-bad', 1)
    const refused = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, { quantity: 1, fees: '-2' })
    expect(refused.status).toBe(400)
    expect((await readJson(refused)).fields).toMatchObject({ fees: 'Fees cannot be less than $0' })
    expect(await salesOf(item)).toEqual([])
  })
})

describe("a listing's sales", () => {
  it("are its seller's alone", async () => {
    const item = await liveOnBoth('private-sales', 1)
    item.sellOnEbay()
    await item.poll()
    const stranger = await registeredClient(both.t.app, 'sales-stranger')
    const response = await stranger.get(`/api/listings/${item.id}/sales`)
    expect(response.status).toBe(404)
    expect(JSON.stringify(await response.json())).not.toContain('FINAL_VALUE_FEE')
  })
})

describe('a sale beyond the stock (sold twice)', () => {
  /** eBay and Etsy sell the one piece before either hears of the other: the sale read second is short. */
  async function soldTwice(name: string) {
    const item = await liveOnBoth(name, 1)
    item.sellOnEbay(1, 0)
    item.sellOnEtsy(1, 0)
    await item.poll()
    const sales = await salesOf(item)
    const extra = sales.find((sale) => sale.standing !== 'sold')!
    const shipped = sales.find((sale) => sale.standing === 'sold')!
    const insights = async () => (await readJson(await item.seller.get('/api/insights'))).totals as JsonBody
    const csv = async () => csvRecords(await (await item.seller.get('/api/exports/sales.csv')).text())
    const extraRow = async () => (await csv()).find((row) => row.Order === extra.orderId)!
    return { item, extra, shipped, insights, csv, extraRow }
  }

  it('is to cancel: out of what it earned, the Insights and the CSV (which says so) until the seller settles it', async () => {
    const { extra, shipped, insights, csv, extraRow } = await soldTwice('twice-out')
    expect(extra).toMatchObject({
      standing: 'to-cancel',
      quantity: 1,
      counted: 0,
      sale: 0,
      fees: 0,
      cost: 0,
      profit: 0,
    })
    expect(shipped).toMatchObject({ standing: 'sold', counted: 1, sale: 39.5, cost: 12 })
    const totals = await insights()
    expect(totals).toMatchObject({ sales: 1, itemsSold: 1, toCancel: 1, revenue: 39.5, cost: 12 })
    expect(totals.profit).toBeCloseTo(shipped.profit as number, 2)
    expect((await csv()).map((row) => row.Status).sort()).toEqual(['Sold', 'To cancel'])
    expect(await extraRow()).toMatchObject({ Quantity: '0', Sale: '0.00', Fees: '0.00', Cost: '0.00', Profit: '0.00' })
  })

  it('stays out once sorted out (cancelled, or settled with the buyer: a settlement that does not say)', async () => {
    const { item, extra, insights, extraRow } = await soldTwice('twice-cancelled')
    const settled = await item.seller.post(`/api/listings/${item.id}/oversold-settled`, {})
    expect(settled.status).toBe(200)
    expect((await readJson(settled)).message).toBe('Marked as settled: the extra order stays out of your books.')
    expect((await salesOf(item)).find((sale) => sale.orderId === extra.orderId)).toMatchObject({
      standing: 'cancelled',
      counted: 0,
      profit: 0,
    })
    expect(await insights()).toMatchObject({ sales: 1, itemsSold: 1, toCancel: 0, cost: 12 })
    expect(await extraRow()).toMatchObject({ Status: 'Cancelled', Quantity: '0', Profit: '0.00' })
  })

  it('counts, cost and all, once the seller says they sent the buyer another piece', async () => {
    const { item, extra, insights, extraRow } = await soldTwice('twice-sent')
    const settled = await item.seller.post(`/api/listings/${item.id}/oversold-settled`, { settledAs: 'sent' })
    expect(settled.status).toBe(200)
    expect((await readJson(settled)).listing).toMatchObject({ oversoldOrders: [] })
    const sent = (await salesOf(item)).find((sale) => sale.orderId === extra.orderId)!
    expect(sent).toMatchObject({ standing: 'sent', counted: 1, sale: 39.5, cost: 12 })
    expect(await insights()).toMatchObject({ sales: 2, itemsSold: 2, toCancel: 0, revenue: 79, cost: 24 })
    expect(await extraRow()).toMatchObject({ Status: 'Sent from other stock', Quantity: '1', Sale: '39.50' })
  })

  it('refuses a settlement that is neither, and settles nothing', async () => {
    const { item, insights } = await soldTwice('twice-refused')
    const refused = await item.seller.post(`/api/listings/${item.id}/oversold-settled`, { settledAs: 'maybe' })
    expect(refused.status).toBe(400)
    expect(await readJson(refused)).toMatchObject({
      code: 'invalid_input',
      fields: { settledAs: 'settledAs must be cancelled or sent' },
    })
    expect((await item.row()).oversoldOrders).toHaveLength(1)
    expect(await insights()).toMatchObject({ toCancel: 1 })
  })
})
