// One listing live on eBay, Etsy and Shopify (three stand-ins, one app): what the Shopify wing's selling tests start
// from.
import { expect } from 'vitest'
import type { FakeShopify } from '../fakes/shopify.ts'
import { listingLiveOnBoth, type BothMarketplaces } from './live-on-both.ts'
import { connectShopify } from './shopify.ts'
import { readJson, type JsonBody } from './test-app.ts'

/** A new seller's listing of `quantity` pieces live on eBay and Etsy, then posted to Shopify. */
export async function listingLiveOnThree(both: BothMarketplaces, fake: FakeShopify, name: string, quantity: number) {
  const item = await listingLiveOnBoth(both, name, quantity)
  await connectShopify(fake, item.seller)
  const posted = await item.seller.post(`/api/listings/${item.id}/post-to-shopify`)
  expect(posted.status, await posted.clone().text()).toBe(200)
  const product = () => [...fake.store.products.values()].find((held) => held.handle === `snaplist-${item.id}`)!
  const shopifyPlace = async () =>
    ((await item.row()).places as JsonBody[]).find((place) => place.marketplace === 'shopify')
  const salesOf = async () =>
    (await both.t.db.sql`select count(*)::int as n from marketplace_sales where listing_id = ${item.id}`)[0]!
      .n as number
  return {
    ...item,
    posted: await readJson(posted),
    product,
    shopifyPlace,
    salesOf,
    shopifyCount: () => fake.store.available.get(product().variant.inventoryItemId),
  }
}
