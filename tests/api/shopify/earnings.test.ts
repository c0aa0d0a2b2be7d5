// What a Shopify sale earned (issue 49, decision 0079): on a store taking payment through Shopify Payments, its fees
// are read from the order's transactions (the stand-in's store on the Shopify plan's rate, not the Basic plan's the
// estimate uses), read again until the order is sent, then final; a refund is read, the fee Shopify keeps stays. On a
// store paid through another provider Shopify has no fees to read: the published rate's estimate stays, said to be one,
// and is not asked about again. The sale's earnings, the Insights and the sales CSV say the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimatedFeesCents } from '../../../api/contract/sale-earnings.ts'
import type { Insights } from '../../../api/contract/insights.ts'
import { jobSchemaFor } from '../../../api/services/jobs.ts'
import { SALE_EARNINGS_JOB } from '../../../api/services/selling/sale-earnings.ts'
import { orderPayload, refundPayload, type FakeShopifyOrder } from '../../fakes/shopify-orders.ts'
import { BASIC_PLAN_PAYMENTS } from '../../fakes/shopify-transactions.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { csvRecords } from '../../helpers/csv.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { bothMarketplacesPerFile } from '../../helpers/live-on-both.ts'
import { listingLiveOnThree } from '../../helpers/live-on-three.ts'
import { deliverShopifyWebhook, shopifyAppOptions } from '../../helpers/shopify.ts'
import { readJson, type JsonBody } from '../../helpers/test-app.ts'

let fake: FakeShopify
beforeAll(async () => {
  fake = await startFakeShopify({ bucket: { restoreRate: 2000 } })
})
afterAll(() => fake.close())
const both = bothMarketplacesPerFile({ more: () => shopifyAppOptions(fake) })

/** Shopify Payments' online rate on the Shopify plan: what this store pays, below the Basic plan's estimate. */
const SHOPIFY_PLAN = { gateway: 'shopify_payments', percent: 2.7, fixedCents: 30, rateName: 'Online credit card rate' }

type Item = Awaited<ReturnType<typeof listingLiveOnThree>>

const settle = async () => {
  await both.t.settle()
  await both.t.settle()
}
/** A buyer pays for `pieces` on the store, and Shopify's ORDERS_PAID is delivered. */
async function soldOnShopify(item: Item, pieces: number, shipping: number): Promise<FakeShopifyOrder> {
  const order = fake.sell(item.product().id, pieces, shipping)
  const delivered = await deliverShopifyWebhook(both.t, fake, 'orders/paid', orderPayload(fake.store, order))
  expect(delivered.status).toBe(200)
  await settle()
  return order
}
/** A day has passed: the reads waiting for their next day run. */
async function nextDay() {
  await dueNow(both.t.db.sql, SALE_EARNINGS_JOB)
  await settle()
}
const salesOf = async (item: Item) =>
  (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))).sales as JsonBody[]
const totalsOf = async (item: Item) =>
  ((await readJson(await item.seller.get('/api/insights'))) as unknown as Insights).totals
const csvOf = async (item: Item) => csvRecords(await (await item.seller.get('/api/exports/sales.csv')).text())
const readsWaiting = async (orderId: string) => {
  const schema = await jobSchemaFor(both.t.db.sql)
  const rows = await both.t.db.sql`
    select 1 from ${both.t.db.sql(schema)}.job
    where name = ${SALE_EARNINGS_JOB} and data->>'orderId' = ${orderId} and state in ('created', 'retry')`
  return rows.length
}

describe('a Shopify sale on a store using Shopify Payments', () => {
  beforeAll(() => {
    fake.store.payments = SHOPIFY_PLAN
  })
  afterAll(() => {
    fake.store.payments = BASIC_PLAN_PAYMENTS
  })

  it("shows Shopify Payments' own fee, read from the order; final once the order is sent", async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-fees-read', 1)
    const order = await soldOnShopify(item, 1, 6)
    const orderId = order.name.slice(1)
    // 2.7% of 39.50 + 6 is 1.23, and 0.30 a payment: 1.53, where the Basic plan's estimate says 1.62.
    expect(estimatedFeesCents('shopify', 3950, 600)).toBe(162)
    const [read] = await salesOf(item)
    expect(read).toMatchObject({
      marketplace: 'shopify',
      orderId,
      sale: 39.5,
      shipping: 6,
      fees: 1.53,
      feesState: 'read',
      feeLines: [{ type: 'payment_processing_fee', cents: 153 }],
      estimateBasis: null,
    })
    expect(await readsWaiting(orderId)).toBe(1)
    expect(await totalsOf(item)).toMatchObject({ sales: 1, fees: 1.53, estimatedSales: 0 })

    fake.fulfillOrder(order.id)
    await nextDay()
    expect((await salesOf(item))[0]).toMatchObject({ feesState: 'settled', fees: 1.53 })
    expect(await readsWaiting(orderId)).toBe(0)
    expect(await csvOf(item)).toMatchObject([
      { Order: orderId, Sale: '39.50', Shipping: '6.00', Fees: '1.53', 'Fees are': 'final' },
    ])
  })

  it('reads the refund of a piece given back; the fee Shopify keeps stays', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-fees-refund', 2)
    const order = await soldOnShopify(item, 2, 0)
    // 2.7% of 79 is 2.13, and 0.30.
    expect((await salesOf(item))[0]).toMatchObject({ fees: 2.43, feesState: 'read' })
    const refunded = fake.refundOrder(order.id, { quantity: 1, restock: true })
    const refund = refundPayload(refunded, refunded.refunds.at(-1)!)
    expect((await deliverShopifyWebhook(both.t, fake, 'refunds/create', refund)).status).toBe(200)
    await settle()
    const [row] = await both.t.db.sql`
      select fees_cents, refund_cents, cancelled_pieces from marketplace_sales where listing_id = ${item.id}`
    expect(row).toEqual({ feesCents: 243, refundCents: 3950, cancelledPieces: 1 })
    expect(await totalsOf(item)).toMatchObject({ itemsSold: 1, fees: 2.43, estimatedSales: 0 })
  })
})

describe('a Shopify sale on a store paid through another provider', () => {
  beforeAll(() => {
    fake.store.payments = { gateway: 'paypal' }
  })
  afterAll(() => {
    fake.store.payments = BASIC_PLAN_PAYMENTS
  })

  it('keeps the published rate as an estimate, says so, and does not ask again', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-fees-estimate', 1)
    const order = await soldOnShopify(item, 1, 6)
    const orderId = order.name.slice(1)
    const [estimated] = await salesOf(item)
    expect(estimated).toMatchObject({ marketplace: 'shopify', orderId, fees: 1.62, feesState: 'estimated' })
    expect(estimated!.estimateBasis).toContain('2.9% + $0.30')
    expect(estimated!.estimateBasis).toContain('an estimate')
    // With no Shopify Payments behind the order there is nothing more to read: no read waits for tomorrow.
    expect(await readsWaiting(orderId)).toBe(0)
    expect(await totalsOf(item)).toMatchObject({ sales: 1, fees: 1.62, estimatedSales: 1 })
    expect(await csvOf(item)).toMatchObject([{ Order: orderId, Fees: '1.62', 'Fees are': 'estimated' }])
  })
})
