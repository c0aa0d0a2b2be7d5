// Shopify's half of "back in stock everywhere" (issue 50, decisions 0065, 0070, 0072): a Shopify order cancelled, or
// refunded with its pieces restocked, puts them back live on eBay, Etsy and Shopify once, however often it is read
// (ORDERS_CANCELLED or REFUNDS_CREATE delivered twice, and the poll); a refund of a sent order without restock is a
// return the seller judges; the books count the sale no more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Insights } from '../../../api/contract/insights.ts'
import { SHOPIFY_SELLER_SALES_JOB } from '../../../api/services/shopify/sales.ts'
import { orderPayload, refundPayload, type FakeShopifyOrder } from '../../fakes/shopify-orders.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { bothMarketplacesPerFile } from '../../helpers/live-on-both.ts'
import { listingLiveOnThree } from '../../helpers/live-on-three.ts'
import { deliverShopifyWebhook, shopifyAppOptions } from '../../helpers/shopify.ts'
import { readJson } from '../../helpers/test-app.ts'

let fake: FakeShopify
beforeAll(async () => {
  // Each order read takes its full requested cost here (Shopify gives back what a short page did not use): refilled
  // quickly, the file's dozens of reads in seconds are not throttled.
  fake = await startFakeShopify({ bucket: { restoreRate: 2000 } })
})
afterAll(() => fake.close())
const both = bothMarketplacesPerFile({ more: () => shopifyAppOptions(fake) })

type Item = Awaited<ReturnType<typeof listingLiveOnThree>>

const settle = async () => {
  await both.t.settle()
  await both.t.settle()
}
/** Shopify's sales poll of the seller, and every job it queues. */
async function pollShopify(item: Item) {
  await both.t.jobs.send(SHOPIFY_SELLER_SALES_JOB, { userId: item.seller.id })
  await settle()
}
const deliver = async (topic: string, payload: unknown, id: string) => {
  expect((await deliverShopifyWebhook(both.t, fake, topic, payload, id)).status).toBe(200)
  await settle()
}
/** Sold on Shopify an hour ago, pushed and applied. */
async function soldAnHourAgo(item: Item, pieces: number): Promise<FakeShopifyOrder> {
  const order = fake.sell(item.product().id, pieces)
  order.createdAt = order.updatedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString()
  await deliver('orders/paid', orderPayload(fake.store, order), `paid-${order.id}`)
  return order
}
const salesOf = async (item: Item) =>
  (await readJson(await item.seller.get(`/api/listings/${item.id}/sales`))).sales as {
    saleId: string
    marketplace: string
    standing: string
    counted: number
    returnState: string | null
  }[]
const totalsOf = async (item: Item) =>
  ((await readJson(await item.seller.get('/api/insights'))) as unknown as Insights).totals

/** The item is live with `pieces` on eBay, Etsy and Shopify. */
async function expectLiveEverywhere(item: Item, pieces: number) {
  expect(await item.row()).toMatchObject({ quantity: pieces, platformStatus: 'active', etsyStatus: 'active' })
  expect(item.ebayLive()).toBe(true)
  expect(item.ebayCount()).toBe(pieces)
  expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: pieces })
  expect(item.product().status).toBe('ACTIVE')
  expect(item.shopifyCount()).toBe(pieces)
  expect(await item.shopifyPlace()).toMatchObject({ state: 'live' })
}

describe('a Shopify order cancelled an hour after it was paid', () => {
  it('puts the item back live on eBay, Etsy and Shopify once: ORDERS_CANCELLED delivered twice, another id, and the poll', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-cancel-push', 1)
    const order = await soldAnHourAgo(item, 1)
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'shopify' })
    expect(item.ebayLive()).toBe(false)

    const cancelled = orderPayload(fake.store, fake.cancelOrder(order.id))
    await deliver('orders/cancelled', cancelled, 'cancel-1')
    await expectLiveEverywhere(item, 1)
    await deliver('orders/cancelled', cancelled, 'cancel-1')
    await deliver('orders/cancelled', cancelled, 'cancel-2')
    await pollShopify(item)
    await expectLiveEverywhere(item, 1)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'cancelled', counted: 0 })])
    expect(await totalsOf(item)).toMatchObject({ sales: 0, itemsSold: 0, revenue: 0 })
  })

  it('is found by the poll alone when no push came', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-cancel-poll', 1)
    const order = await soldAnHourAgo(item, 1)
    fake.cancelOrder(order.id)
    await pollShopify(item)
    await pollShopify(item)
    await expectLiveEverywhere(item, 1)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'cancelled', counted: 0 })])
  })
})

describe('a Shopify order cancelled and restocked before Snaplist read it', () => {
  it('leaves Shopify selling the piece it put back, and ends it there when the piece sells elsewhere', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-cancel-unread', 1)
    await settle()
    // The seller puts nothing back up by itself: eBay and Etsy stay down once the piece sold.
    expect((await item.seller.call('PUT', '/api/sales/settings', { relistCancelled: false })).status).toBe(200)
    const order = fake.sell(item.product().id, 1)
    fake.cancelOrder(order.id)
    await pollShopify(item)
    // Shopify took the piece off its count and put it back: it sells it, and the stock has it.
    expect(await item.row()).toMatchObject({ quantity: 1 })
    expect(item.shopifyCount()).toBe(1)
    expect(await item.shopifyPlace()).toMatchObject({ state: 'live' })
    // The piece sells at a fair: Shopify must stop selling it.
    const sold = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, {
      quantity: 1,
      price: 30,
      where: 'Flea market',
      clientId: crypto.randomUUID(),
    })
    expect(sold.status, await sold.clone().text()).toBe(200)
    await settle()
    expect(item.shopifyCount()).toBe(0)
  })
})

describe('a Shopify refund', () => {
  it('of one restocked piece of three sold gives one piece back everywhere, once', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-part-refund', 3)
    const order = await soldAnHourAgo(item, 3)
    expect(await item.row()).toMatchObject({ quantity: 0 })
    const refunded = fake.refundOrder(order.id, { quantity: 1, restock: true })
    const refund = refundPayload(refunded, refunded.refunds.at(-1)!)
    await deliver('refunds/create', refund, 'refund-1')
    await deliver('refunds/create', refund, 'refund-1')
    await pollShopify(item)
    await expectLiveEverywhere(item, 1)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ counted: 2, returnState: null })])
    expect(await totalsOf(item)).toMatchObject({ itemsSold: 2 })
  })

  it('of a sent order without restock is a return the seller judges: back in stock puts it live everywhere', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-return-back', 1)
    const order = await soldAnHourAgo(item, 1)
    fake.fulfillOrder(order.id)
    const refunded = fake.refundOrder(order.id, { quantity: 1, restock: false })
    await deliver('refunds/create', refundPayload(refunded, refunded.refunds.at(-1)!), 'refund-2')
    await pollShopify(item)
    // Nothing back by itself: the piece may come back damaged.
    expect(await item.row()).toMatchObject({ quantity: 0 })
    expect(item.ebayLive()).toBe(false)
    const [sale] = await salesOf(item)
    expect(sale).toMatchObject({ marketplace: 'shopify', returnState: 'reported', counted: 1 })
    const marked = await item.seller.post(`/api/listings/${item.id}/returned`, {
      marketplace: 'shopify',
      saleId: sale!.saleId,
      returnedAs: 'back-in-stock',
    })
    expect(marked.status, await marked.clone().text()).toBe(200)
    await settle()
    await pollShopify(item)
    await expectLiveEverywhere(item, 1)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'back-in-stock', counted: 0 })])
  })

  it('of a sent order without restock, marked damaged, leaves the books and stays down', async () => {
    const item = await listingLiveOnThree(both, fake, 'shopify-return-damaged', 1)
    const order = await soldAnHourAgo(item, 1)
    fake.fulfillOrder(order.id)
    fake.refundOrder(order.id, { quantity: 1, restock: false })
    await pollShopify(item)
    const [sale] = await salesOf(item)
    const marked = await item.seller.post(`/api/listings/${item.id}/returned`, {
      marketplace: 'shopify',
      saleId: sale!.saleId,
      returnedAs: 'damaged',
    })
    expect(marked.status).toBe(200)
    await settle()
    expect(await item.row()).toMatchObject({ quantity: 0 })
    expect(item.shopifyCount()).toBe(0)
    expect(await item.shopifyPlace()).toMatchObject({ state: 'sold_out' })
    expect(item.ebayLive()).toBe(false)
    expect(await salesOf(item)).toEqual([expect.objectContaining({ standing: 'damaged', counted: 0 })])
    expect(await totalsOf(item)).toMatchObject({ sales: 0, itemsSold: 0, revenue: 0 })
  })
})
