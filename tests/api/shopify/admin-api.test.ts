// The wing's Admin API client against the stand-in: Shopify's answers as our errors, whichever way Shopify fails
// (busy, throttled, down, slow, unreachable, uninstalled, refusing, a scope missing), each in words a seller can act on.
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createShopifyAdmin } from '../../../api/services/shopify/admin-api.ts'
import { productSetInput } from '../../../api/services/shopify/product-input.ts'
import { setProduct } from '../../../api/services/shopify/products.ts'
import { readStoreSetup } from '../../../api/services/shopify/store-setup.ts'
import { installedShopify, SHOPIFY_REDIRECT, shopifyListing, type InstalledShopify } from '../../helpers/shopify.ts'

let shopify: InstalledShopify
beforeAll(async () => {
  shopify = await installedShopify()
})
afterAll(() => shopify.fake.close())

const shopName = () =>
  shopify.admin.request(shopify.store, {
    what: 'shop',
    document: '{ shop { name } }',
    schema: v.object({ shop: v.object({ name: v.string() }) }),
  })

describe("the wing's Admin API client", () => {
  it('reads what posting needs of the store: its name, currency, location and Online Store', async () => {
    expect(await readStoreSetup(shopify.admin, shopify.store)).toEqual({
      name: "Rita's Vintage",
      currencyCode: 'USD',
      locationId: `gid://shopify/Location/${shopify.fake.store.location.id}`,
      onlineStorePublicationId: `gid://shopify/Publication/${shopify.fake.store.onlineStorePublicationId}`,
    })
  })

  it('answers busy with Shopify’s Retry-After when it answers 429, and unavailable when it is down', async () => {
    shopify.fake.control.fail = { status: 429, times: 1, retryAfter: 7 }
    await expect(shopName()).rejects.toMatchObject({
      status: 503,
      code: 'shopify_busy',
      details: { retryAfterSeconds: 7 },
    })
    shopify.fake.control.fail = { status: 503, times: 1 }
    await expect(shopName()).rejects.toMatchObject({ status: 502, code: 'shopify_unavailable' })
    expect((await shopName()).shop.name).toBe("Rita's Vintage")
  })

  it('answers busy when the cost bucket is empty (THROTTLED), for the seconds until it holds the call again', async () => {
    // A bucket refilled at 1 point a second: a drained one holds a 52-point query again in 52 seconds.
    const slow = await installedShopify({ bucket: { maximumAvailable: 100, restoreRate: 1 } })
    try {
      slow.fake.bucket.drain()
      const products = slow.admin.request(slow.store, {
        what: 'products',
        document: '{ products(first: 50) { nodes { id } } }',
        schema: v.unknown(),
      })
      await expect(products).rejects.toMatchObject({
        status: 503,
        code: 'shopify_busy',
        details: { retryAfterSeconds: 52 },
      })
    } finally {
      await slow.fake.close()
    }
  })

  it('answers unreachable when the store does not answer in time, or at all', async () => {
    const impatient = createShopifyAdmin({
      apiVersion: shopify.fake.apiVersion,
      apiUrl: shopify.fake.url,
      timeoutMs: 100,
    })
    shopify.fake.control.slowMs = 500
    try {
      await expect(
        impatient.request(shopify.store, { what: 'shop', document: '{ shop { name } }', schema: v.unknown() }),
      ).rejects.toMatchObject({
        code: 'shopify_unreachable',
      })
    } finally {
      shopify.fake.control.slowMs = 0
    }
    const nowhere = createShopifyAdmin({ apiVersion: shopify.fake.apiVersion, apiUrl: 'http://127.0.0.1:9' })
    await expect(
      nowhere.request(shopify.store, { what: 'shop', document: '{ shop { name } }', schema: v.unknown() }),
    ).rejects.toMatchObject({
      code: 'shopify_unreachable',
    })
  })

  it('refuses in Shopify’s words what Shopify refuses (userErrors), changing nothing', async () => {
    const setup = await readStoreSetup(shopify.admin, shopify.store)
    shopify.fake.control.refuse = { message: 'This store is frozen', times: 1 }
    const input = productSetInput(shopifyListing(), { locationId: setup.locationId, photoUrls: [], status: 'ACTIVE' })
    await expect(setProduct(shopify.admin, shopify.store, input)).rejects.toMatchObject({
      status: 400,
      code: 'shopify_refused',
      message: 'Shopify refused it: This store is frozen',
    })
    expect(shopify.fake.store.products.size).toBe(0)
  })

  it('answers unavailable, not a crash, when a reply is not in the shape asked for', async () => {
    const wrongShape = v.object({ shop: v.object({ name: v.number() }) })
    await expect(
      shopify.admin.request(shopify.store, { what: 'shop', document: '{ shop { name } }', schema: wrongShape }),
    ).rejects.toMatchObject({
      code: 'shopify_unavailable',
    })
  })

  it('asks to connect again when the token lacks a scope (ACCESS_DENIED)', async () => {
    const { fake, oauth } = shopify
    const query = new URLSearchParams({
      client_id: fake.clientId,
      scope: 'read_products',
      redirect_uri: SHOPIFY_REDIRECT,
      state: 's',
    })
    const back = await fake.consent(`${fake.url}/${fake.domain}/admin/oauth/authorize?${query}`)
    const { shop, code } = oauth.verifyCallback(Object.fromEntries(back.searchParams))
    const reader = { shop, accessToken: (await oauth.exchangeCode({ shop, code })).accessToken }
    const setup = await readStoreSetup(shopify.admin, shopify.store)
    const input = productSetInput(shopifyListing(), { locationId: setup.locationId, photoUrls: [], status: 'ACTIVE' })
    await expect(setProduct(shopify.admin, reader, input)).rejects.toMatchObject({
      status: 409,
      code: 'shopify_reconnect_needed',
    })
  })

  it('says the grant is over once the seller uninstalls the app', async () => {
    shopify.fake.uninstall()
    await expect(shopName()).rejects.toMatchObject({ status: 400, code: 'shopify_grant_refused' })
  })
})
