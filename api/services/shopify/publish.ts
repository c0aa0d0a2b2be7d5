// Posting a listing to the seller's Shopify store, once under retries and lost replies (decision 0074): the store's
// location and Online Store read, the product made with productSet (ACTIVE, one variant with the price, SKU, weight
// and the quantity tracked at that location) under a handle made from the listing's id, so a retry after a lost reply
// finds the product it made instead of making a second; then put on the Online Store. A lease on the place keeps a
// second process out while one posts. What Shopify refuses is said in Shopify's words (its userErrors).
import * as v from 'valibot'
import { listedPrice, type Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import { placeDetail, savePlaceDetail } from '../../db/listing-places.ts'
import * as listings from '../../db/listings.ts'
import { AppError, conflict, notFound } from '../../errors.ts'
import type { Published } from '../selling/marketplace.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'
import { productSetInput } from './product-input.ts'
import { publishToOnlineStore, setProduct, type ShopifyProductRef } from './products.ts'
import type { ShopifyStoreAccess } from './store-access.ts'
import { readStoreSetup } from './store-setup.ts'

const SHOPIFY = 'shopify'
// Longer than a post's calls can take (20 s each at worst); a process that died lets go when it runs out.
const LEASE_SECONDS = 120

/** The handle Snaplist gives the listing's product: found again by it after a lost reply. */
export const productHandle = (listingId: number) => `snaplist-${listingId}`
/** Where buyers see the product on the store. */
export const productUrl = (shop: string, handle: string) => `https://${shop}/products/${handle}`
/** SPEC's platform id form for Shopify's product (its number, not its gid). */
export const shopifyListingId = (productId: string) => `shopify-${productId.replace(/^gid:\/\/shopify\/Product\//, '')}`

const BY_HANDLE = `query SnaplistProductByHandle($query: String!) {
  products(first: 5, query: $query) {
    nodes { id handle variants(first: 1) { nodes { id inventoryItem { id } } } }
  }
}`
const ByHandleSchema = v.object({
  products: v.object({
    nodes: v.array(
      v.object({
        id: v.string(),
        handle: v.string(),
        variants: v.object({
          nodes: v.array(v.object({ id: v.string(), inventoryItem: v.object({ id: v.string() }) })),
        }),
      }),
    ),
  }),
})

/** The product a create whose reply was lost made, by its handle. */
async function findMade(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  handle: string,
): Promise<ShopifyProductRef | undefined> {
  const { products } = await admin.request(store, {
    what: 'productByHandle',
    document: BY_HANDLE,
    variables: { query: `handle:'${handle}'` },
    schema: ByHandleSchema,
  })
  const made = products.nodes.find((node) => node.handle === handle)
  const variant = made?.variants.nodes[0]
  return made && variant
    ? { productId: made.id, variantId: variant.id, inventoryItemId: variant.inventoryItem.id, handle }
    : undefined
}

/** The photos as addresses Shopify fetches: this server's own under PUBLIC_URL. */
export const photoUrls = (listing: Pick<Listing, 'images'>, publicUrl: string | undefined) =>
  listing.images.map((url) => (/^https?:\/\//.test(url) ? url : `${publicUrl ?? 'http://localhost'}${url}`))

/** What Shopify needs that the listing lacks, in the seller's words; null when it can be posted. */
export function shopifyMissing(listing: Listing): string | null {
  if (!listing.images.length) return 'Shopify needs at least one photo. Add a photo, then post.'
  if (!(listedPrice(listing).value > 0)) return 'Shopify needs a price. Set the Price, then post.'
  if (listing.quantity < 1) return 'Nothing is left to sell: set the Quantity, then post.'
  return null
}

export interface ShopifyPublisherDeps {
  sql: Sql
  admin: ShopifyAdmin
  access: ShopifyStoreAccess
  publicUrl: string | undefined
}

export interface ShopifyPublisher {
  publish(userId: number, listingId: number): Promise<Published>
}

export function createShopifyPublisher({ sql, admin, access, publicUrl }: ShopifyPublisherDeps): ShopifyPublisher {
  async function goLive(store: ShopifyStore, listing: Listing): Promise<Published> {
    const setup = await readStoreSetup(admin, store)
    const handle = productHandle(listing.id)
    const kept = await placeDetail(sql, listing.id, SHOPIFY, 'variantId')
    const made = kept ? undefined : await findMade(admin, store, handle)
    const variantId = kept ?? made?.variantId
    const input = {
      ...productSetInput(listing, {
        locationId: setup.locationId,
        photoUrls: photoUrls(listing, publicUrl),
        status: 'ACTIVE',
        ...(variantId ? { variantId } : {}),
      }),
      handle,
    }
    const place = await places.findPlace(sql, listing.id, SHOPIFY)
    const product = await setProduct(admin, store, input, place?.externalId ?? made?.productId)
    for (const [key, value] of Object.entries({
      variantId: product.variantId,
      inventoryItemId: product.inventoryItemId,
      locationId: setup.locationId,
    }))
      await savePlaceDetail(sql, listing.id, SHOPIFY, key, value)
    // The product was made with the listing's quantity (here, or by the call whose reply was lost).
    await places.saveStage(sql, listing.id, SHOPIFY, 'activate', {
      externalId: product.productId,
      ...(place?.quantitySent == null ? { quantitySent: listing.quantity } : {}),
    })
    if (setup.onlineStorePublicationId)
      await publishToOnlineStore(admin, store, product.productId, setup.onlineStorePublicationId)
    const url = productUrl(store.shop, product.handle)
    await places.saveStage(sql, listing.id, SHOPIFY, 'done')
    await places.saveStatus(sql, listing.id, SHOPIFY, 'active', url)
    return {
      message: 'Your listing is live on Shopify.',
      platformListingId: shopifyListingId(product.productId),
      viewUrl: url,
    }
  }

  return {
    async publish(userId, listingId) {
      const listing = await listings.findListing(sql, userId, listingId)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      const done = await places.findPlace(sql, listingId, SHOPIFY)
      if (done?.status === 'active' && done.externalId)
        return {
          message: 'This listing is already on Shopify.',
          platformListingId: shopifyListingId(done.externalId),
          viewUrl: done.url ?? '',
        }
      const missing = shopifyMissing(listing)
      if (missing) throw new AppError(400, 'shopify_refused', missing)
      if (!(await places.takeLease(sql, listingId, SHOPIFY, LEASE_SECONDS)))
        throw conflict('This listing is being posted to Shopify right now. Wait a moment and refresh.')
      try {
        return await access(userId, (store) => goLive(store, listing))
      } finally {
        await places.releaseLease(sql, listingId, SHOPIFY)
      }
    },
  }
}
