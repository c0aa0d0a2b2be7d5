// Sold once across three marketplaces (issue 49): one listing live on eBay, Etsy and Shopify (three stand-ins, one
// app). Posted to Shopify it is a product as the listing says; a sale on Shopify, pushed (the same delivery twice
// applied once) or found by the orders poll, ends it on eBay and Etsy; a sale on eBay ends it on Shopify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EDITABLE_FIELDS } from '../../../api/contract/listing.ts'
import { SHOPIFY_REVISION_JOB } from '../../../api/services/shopify/revisions.ts'
import { SHOPIFY_SELLER_SALES_JOB } from '../../../api/services/shopify/sales.ts'
import { orderPayload } from '../../fakes/shopify-orders.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { bothMarketplacesPerFile } from '../../helpers/live-on-both.ts'
import { listingLiveOnThree } from '../../helpers/live-on-three.ts'
import { deliverShopifyWebhook, shopifyAppOptions } from '../../helpers/shopify.ts'
import { readJson } from '../../helpers/test-app.ts'

let fake: FakeShopify
beforeAll(async () => {
  // A bucket no test here drains: the calls of a file's tests come faster than a store's refill (throttling has its own).
  fake = await startFakeShopify({ bucket: { maximumAvailable: 100_000 } })
})
afterAll(() => fake.close())
const both = bothMarketplacesPerFile({ more: () => shopifyAppOptions(fake) })

const liveOnThree = (name: string, quantity: number) => listingLiveOnThree(both, fake, name, quantity)

const settle = async () => {
  await both.t.settle()
  await both.t.settle()
}

describe('a listing on Shopify', () => {
  it('is posted as a product with its title, brand, category, keywords, photo, price, SKU and quantity, on the Online Store', async () => {
    const item = await liveOnThree('shopify-post', 2)
    const product = item.product()
    expect(product).toMatchObject({
      status: 'ACTIVE',
      onlineStore: true,
      vendor: "Levi's",
      tags: ['denim', 'jacket'],
      variant: { price: '39.50', tracked: true },
    })
    expect(product.title).toMatch(/^Trucker jacket /)
    expect(product.media).toHaveLength(1)
    expect(fake.store.available.get(product.variant.inventoryItemId)).toBe(2)
    expect(item.posted).toMatchObject({
      platformListingId: `shopify-${product.id}`,
      viewUrl: `https://${fake.domain}/products/snaplist-${item.id}`,
    })
    expect(await item.shopifyPlace()).toMatchObject({
      state: 'live',
      externalId: `gid://shopify/Product/${product.id}`,
    })
    // Posting again answers where it is, and makes nothing new.
    expect((await item.seller.post(`/api/listings/${item.id}/post-to-shopify`)).status).toBe(200)
    expect([...fake.store.products.values()].filter((held) => held.handle === product.handle)).toHaveLength(1)
  })
})

describe('its life on Shopify', () => {
  it('takes an edit (the title, a raised quantity), End and Relist', async () => {
    const item = await liveOnThree('shopify-life', 1)
    const row = await item.row()
    const edit = { ...Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, row[field]])), version: row.version }
    const edited = await item.seller.call('PATCH', `/api/listings/${item.id}`, {
      ...edit,
      title: 'Trucker jacket, edited',
      quantity: 3,
    })
    expect(edited.status, await edited.clone().text()).toBe(200)
    await settle()
    expect(item.product().title).toBe('Trucker jacket, edited')
    expect(fake.store.available.get(item.product().variant.inventoryItemId)).toBe(3)
    expect(fake.calls).toContain('inventorySetQuantities')
    expect(await item.shopifyPlace()).toMatchObject({ state: 'live', revisionStatus: 'done' })

    const ended = await item.seller.post(`/api/listings/${item.id}/end-on-shopify`)
    expect(await readJson(ended)).toMatchObject({ platformStatus: 'ended', viewUrl: null })
    expect(item.product().status).toBe('DRAFT')
    expect(await item.shopifyPlace()).toMatchObject({ state: 'ended' })
    const relisted = await item.seller.post(`/api/listings/${item.id}/relist-on-shopify`)
    expect(await readJson(relisted)).toMatchObject({ platformStatus: 'active' })
    await settle()
    expect(item.product().status).toBe('ACTIVE')
    expect(await item.shopifyPlace()).toMatchObject({ state: 'live' })
  })
})

describe('one stock on three marketplaces', () => {
  it('takes a pushed Shopify sale once, however often it is delivered, and ends the item on eBay and Etsy', async () => {
    const item = await liveOnThree('shopify-push', 1)
    const order = fake.sell(item.product().id, 1)
    const paid = orderPayload(fake.store, order)
    const orderReads = () => fake.calls.filter((call) => call === 'order').length
    expect((await deliverShopifyWebhook(both.t, fake, 'orders/paid', paid, 'delivery-1')).status).toBe(200)
    await settle()
    const readOnce = orderReads()
    // The delivery sent again is answered and dropped: the order is not read again.
    expect((await deliverShopifyWebhook(both.t, fake, 'orders/paid', paid, 'delivery-1')).status).toBe(200)
    await settle()
    expect(orderReads()).toBe(readOnce)
    // Shopify delivering the same sale under another id (ORDERS_PAID after ORDERS_CREATE, say) sells nothing twice.
    expect((await deliverShopifyWebhook(both.t, fake, 'orders/paid', paid, 'delivery-2')).status).toBe(200)
    await settle()
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold', soldOn: 'shopify', soldPrice: 39.5 })
    expect(await item.salesOf()).toBe(1)
    // What it earned: Shopify Payments' fee on the order, read from its payment (earnings.test.ts has the rest).
    const [sale] = await both.t.db.sql`
      select fees_cents, fees_state from marketplace_sales where listing_id = ${item.id}`
    expect(sale).toMatchObject({ feesCents: order.transactions[0]!.fees[0]!.cents, feesState: 'read' })
    expect(item.ebayLive()).toBe(false)
    expect(item.etsyListing().state).toBe('inactive')
    expect(await item.shopifyPlace()).toMatchObject({ state: 'sold_out' })
  })

  it('finds a Shopify sale by the orders poll when no push came, and ends the item on eBay and Etsy', async () => {
    const item = await liveOnThree('shopify-poll', 1)
    fake.sell(item.product().id, 1)
    await both.t.jobs.send(SHOPIFY_SELLER_SALES_JOB, { userId: item.seller.id })
    await settle()
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'shopify' })
    expect(item.ebayLive()).toBe(false)
    expect(item.etsyListing().state).toBe('inactive')
  })

  it('keeps the item up on Shopify, then ends it, after a killed revision left Snaplist taking it for sold out', async () => {
    const item = await liveOnThree('shopify-unrecorded', 2)
    await settle()
    // Shopify took a raise to 2 whose answer a killed process never recorded: Snaplist believes it sent 1.
    await both.t.db.sql`update listing_places set quantity_sent = 1, revision_requested = revision_requested + 1
      where listing_id = ${item.id} and marketplace = 'shopify'`
    fake.sell(item.product().id, 1)
    await both.t.jobs.send(SHOPIFY_SELLER_SALES_JOB, { userId: item.seller.id })
    await settle()
    expect(await item.shopifyPlace()).toMatchObject({ state: 'sold_out' })
    // The killed revision's retry finds Shopify still selling the piece left: up there, not taken down.
    await both.t.jobs.send(SHOPIFY_REVISION_JOB, { listingId: item.id })
    await settle()
    expect(item.product().status).toBe('ACTIVE')
    expect(fake.store.available.get(item.product().variant.inventoryItemId)).toBe(1)
    expect(await item.shopifyPlace()).toMatchObject({ state: 'live' })
    // The last piece sells on eBay: Shopify follows.
    item.sellOnEbay()
    await item.poll()
    await settle()
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'ebay' })
    expect(fake.store.available.get(item.product().variant.inventoryItemId)).toBe(0)
    expect(item.product().status).toBe('DRAFT')
  })

  it('ends the item on Shopify when its last piece sells on eBay', async () => {
    const item = await liveOnThree('ebay-sale', 1)
    item.sellOnEbay()
    await item.poll()
    await settle()
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'ebay' })
    expect(item.product().status).toBe('DRAFT')
    expect(fake.store.available.get(item.product().variant.inventoryItemId)).toBe(0)
    expect(await item.shopifyPlace()).toMatchObject({ state: 'ended', revisionStatus: 'done' })
    expect(item.etsyListing().state).toBe('inactive')
  })
})
