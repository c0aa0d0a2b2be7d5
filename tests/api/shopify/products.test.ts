// A Snaplist listing made into a Shopify product on the stand-in and carried through its life: the productSet input
// built from the listing, the product put on the Online Store, revised without touching its quantity, its quantity
// set only while it is still what Snaplist read, ended, relisted and deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAvailable, setAvailable } from '../../../api/services/shopify/inventory.ts'
import { productSetInput, shopifyTags } from '../../../api/services/shopify/product-input.ts'
import {
  deleteProduct,
  publishToOnlineStore,
  setProduct,
  setProductStatus,
} from '../../../api/services/shopify/products.ts'
import { readStoreSetup, type ShopifyStoreSetup } from '../../../api/services/shopify/store-setup.ts'
import { installedShopify, shopifyListing, type InstalledShopify } from '../../helpers/shopify.ts'

let shopify: InstalledShopify
let setup: ShopifyStoreSetup
beforeAll(async () => {
  shopify = await installedShopify()
  setup = await readStoreSetup(shopify.admin, shopify.store)
})
afterAll(() => shopify.fake.close())

const PHOTOS = ['https://photos.snaplist.test/12-1.jpg', 'https://photos.snaplist.test/12-2.jpg']
const plan = (extra: object = {}) => ({
  locationId: setup.locationId,
  photoUrls: PHOTOS,
  status: 'ACTIVE' as const,
  ...extra,
})
const numberOf = (globalId: string) => Number(globalId.split('/').pop())

describe("a listing as Shopify's product", () => {
  it('is made with the listing’s title, escaped description, brand, category, tags, photos, price, SKU, weight and quantity', async () => {
    const ref = await setProduct(shopify.admin, shopify.store, productSetInput(shopifyListing(), plan()))
    const product = shopify.fake.store.products.get(numberOf(ref.productId))!
    expect(product).toMatchObject({
      title: "Levi's trucker denim jacket",
      descriptionHtml: 'Light wash.<br>Fits like a &lt;M&gt; &amp; true to size.',
      vendor: "Levi's",
      productType: 'Clothing',
      tags: ['denim', 'Vintage 90s', 'trucker'],
      status: 'ACTIVE',
    })
    expect(product.media.map((media) => media.originalSource)).toEqual(PHOTOS)
    expect(product.variant).toMatchObject({
      price: '39.50',
      sku: 'JKT-12',
      tracked: true,
      weight: { unit: 'OUNCES', value: 24 },
    })
    expect(
      await readAvailable(shopify.admin, shopify.store, {
        inventoryItemId: ref.inventoryItemId,
        locationId: setup.locationId,
      }),
    ).toBe(2)
  })

  it('takes Snaplist’s SKU when the seller has none, and leaves out a weight not given', () => {
    const input = productSetInput(shopifyListing({ sku: '', packageWeightOz: 0 }), plan())
    expect(input.variants[0]).toMatchObject({ sku: 'SL-12', inventoryItem: { tracked: true } })
    expect(input.variants[0]!.inventoryItem).not.toHaveProperty('measurement')
    expect(shopifyTags(['a,b', ' ', 'A b', 'x'.repeat(300)])).toEqual(['a b', 'x'.repeat(255)])
  })

  it('goes on the Online Store, is revised without its quantity being overwritten, ended, relisted and deleted', async () => {
    const ref = await setProduct(shopify.admin, shopify.store, productSetInput(shopifyListing(), plan()))
    const id = numberOf(ref.productId)
    await publishToOnlineStore(shopify.admin, shopify.store, ref.productId, setup.onlineStorePublicationId!)
    expect(shopify.fake.store.products.get(id)!.onlineStore).toBe(true)

    shopify.fake.sell(id, 1)
    const revised = productSetInput(
      shopifyListing({ title: 'Trucker jacket, light wash', quantity: 5 }),
      plan({ variantId: ref.variantId }),
    )
    expect(await setProduct(shopify.admin, shopify.store, revised, ref.productId)).toEqual(ref)
    expect(shopify.fake.store.products.get(id)!.title).toBe('Trucker jacket, light wash')
    expect(shopify.fake.store.available.get(numberOf(ref.inventoryItemId))).toBe(1)

    await setProductStatus(shopify.admin, shopify.store, ref.productId, 'DRAFT')
    expect(shopify.fake.store.products.get(id)!.status).toBe('DRAFT')
    await setProductStatus(shopify.admin, shopify.store, ref.productId, 'ACTIVE')
    expect(shopify.fake.store.products.get(id)!.status).toBe('ACTIVE')
    await deleteProduct(shopify.admin, shopify.store, ref.productId)
    expect(shopify.fake.store.products.has(id)).toBe(false)
    await expect(deleteProduct(shopify.admin, shopify.store, ref.productId)).rejects.toMatchObject({
      code: 'shopify_refused',
    })
  })

  it('has its quantity set only while it is still what Snaplist read: a sale since is not overwritten', async () => {
    const ref = await setProduct(shopify.admin, shopify.store, productSetInput(shopifyListing({ quantity: 3 }), plan()))
    const stock = { inventoryItemId: ref.inventoryItemId, locationId: setup.locationId }
    const read = await readAvailable(shopify.admin, shopify.store, stock)
    shopify.fake.sell(numberOf(ref.productId), 1)
    await expect(
      setAvailable(shopify.admin, shopify.store, stock, { quantity: 5, changeFromQuantity: read }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'shopify_quantity_changed',
    })
    expect(await readAvailable(shopify.admin, shopify.store, stock)).toBe(2)
    await setAvailable(shopify.admin, shopify.store, stock, { quantity: 5, changeFromQuantity: 2 })
    expect(await readAvailable(shopify.admin, shopify.store, stock)).toBe(5)
  })

  it('is refused in Shopify’s words when Shopify will not take it (a photo address Shopify cannot fetch)', async () => {
    const input = productSetInput(shopifyListing(), plan({ photoUrls: ['/photos/12-1.jpg'] }))
    await expect(setProduct(shopify.admin, shopify.store, input)).rejects.toMatchObject({
      code: 'shopify_refused',
      message: 'Shopify refused it: Image URL is invalid',
    })
  })
})
