// The Etsy stand-in's shop and listing operations, refusing what Etsy refuses beyond its contract (Etsy's documentation
// and answers, tests/contracts/README.md): a title over 140 characters, more than 13 tags or one over 20, who_made,
// when_made and is_supply sent without each other, a physical listing without a shipping profile, a profile that is
// not the shop's, activating a listing without an image, and an inventory whose offerings are all 0 on an active one.
import { Hono, type Context } from 'hono'
import { createHash } from 'node:crypto'
import type { EtsyBody, EtsyOperation } from './etsy-gate.ts'
import {
  shopListing,
  TAXONOMY,
  TAXONOMY_IDS,
  type FakeEtsyListing,
  type FakeEtsyShop,
  type Parcel,
} from './etsy-shop.ts'

export interface ListingRoutesDeps {
  operation: EtsyOperation
  shop: FakeEtsyShop
  seller: () => { userId: number; shopId: number | null }
  now: () => number
}

const text = (value: unknown) => (Array.isArray(value) ? String(value.at(-1)) : String(value ?? ''))
const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)])
const refuse = (c: Context, error: string, status = 400) => c.json({ error }, status as 400)

function draftProblem(shop: FakeEtsyShop, body: EtsyBody): string | undefined {
  if (text(body.title).length > 140) return 'Title must be 140 characters or fewer.'
  const tags = list(body.tags)
  if (tags.length > 13) return 'Listings may have at most 13 tags.'
  if (tags.some((tag) => tag.length > 20)) return 'Tags must be 20 characters or fewer.'
  const trio = ['who_made', 'when_made', 'is_supply'].filter((name) => body[name] !== undefined)
  if (trio.length && trio.length < 3)
    return 'If any of who_made, when_made or is_supply are included, all three are required.'
  if (shop.retiredWhenMade.has(text(body.when_made))) return 'when_made must be equal to one of the allowed values'
  if (!TAXONOMY_IDS.has(Number(body.taxonomy_id))) return 'taxonomy_id is not a valid seller taxonomy id.'
  if ((body.type ?? 'physical') === 'physical' && body.shipping_profile_id === undefined)
    return 'A shipping_profile_id is required for physical listings.'
  if (!shop.shippingProfiles.some((p) => p.shipping_profile_id === Number(body.shipping_profile_id)))
    return 'shipping_profile_id is not a shipping profile of this shop.'
  if (
    body.return_policy_id !== undefined &&
    !shop.returnPolicies.some((p) => p.return_policy_id === Number(body.return_policy_id))
  )
    return 'return_policy_id is not a return policy of this shop.'
  if (
    body.readiness_state_id !== undefined &&
    !shop.processingProfiles.some((p) => p.readiness_state_id === Number(body.readiness_state_id))
  )
    return 'readiness_state_id is not a processing profile of this shop.'
  return undefined
}

const PARCEL_NUMBERS = ['item_weight', 'item_length', 'item_width', 'item_height'] as const
const NO_PARCEL: Parcel = {
  item_weight: null,
  item_weight_unit: null,
  item_length: null,
  item_width: null,
  item_height: null,
  item_dimensions_unit: null,
}

/** Etsy's words for a weight or size it refuses: "If set, the value must be greater than 0" (its contract). */
function parcelProblem(body: EtsyBody): string | undefined {
  const zero = PARCEL_NUMBERS.find((name) => body[name] !== undefined && !(Number(text(body[name])) > 0))
  return zero && `${zero} must be greater than 0`
}

/** The parcel the form gives, over what the listing had. */
function parcelOf(body: EtsyBody, before: Parcel): Parcel {
  const number = (name: (typeof PARCEL_NUMBERS)[number]) =>
    body[name] === undefined ? before[name] : Number(text(body[name]))
  const unit = (name: 'item_weight_unit' | 'item_dimensions_unit') =>
    body[name] === undefined ? before[name] : text(body[name])
  return {
    item_weight: number('item_weight'),
    item_weight_unit: unit('item_weight_unit'),
    item_length: number('item_length'),
    item_width: number('item_width'),
    item_height: number('item_height'),
    item_dimensions_unit: unit('item_dimensions_unit'),
  }
}

export function etsyListingRoutes({ operation, shop, seller, now }: ListingRoutesDeps) {
  const ours = (c: Context) => Number(c.req.param('shop_id')) === seller().shopId
  const answer = (c: Context, listing: FakeEtsyListing) =>
    c.json(shopListing(seller().shopId!, seller().userId, listing))
  const found = (c: Context) => shop.listings.get(Number(c.req.param('listing_id')))
  let nextId = 1_500_000_000
  let nextImageId = 4_000_000_000

  return new Hono()
    .get(
      '/v3/application/shops/:shop_id/shipping-profiles',
      operation('getShopShippingProfiles', (c) =>
        ours(c)
          ? c.json({ count: shop.shippingProfiles.length, results: shop.shippingProfiles })
          : refuse(c, 'Shop not found', 404),
      ),
    )
    .get(
      '/v3/application/shops/:shop_id/policies/return',
      operation('getShopReturnPolicies', (c) =>
        ours(c)
          ? c.json({ count: shop.returnPolicies.length, results: shop.returnPolicies })
          : refuse(c, 'Shop not found', 404),
      ),
    )
    .get(
      '/v3/application/shops/:shop_id/readiness-state-definitions',
      operation('getShopReadinessStateDefinitions', (c) =>
        ours(c)
          ? c.json({ count: shop.processingProfiles.length, results: shop.processingProfiles })
          : refuse(c, 'Shop not found', 404),
      ),
    )
    .get(
      '/v3/application/seller-taxonomy/nodes',
      operation('getSellerTaxonomyNodes', (c) => c.json({ count: TAXONOMY.length, results: TAXONOMY })),
    )
    .post(
      '/v3/application/shops/:shop_id/listings',
      operation('createDraftListing', (c, body) => {
        if (!ours(c)) return refuse(c, 'Shop not found', 404)
        const problem = draftProblem(shop, body) ?? parcelProblem(body)
        if (problem) return refuse(c, problem)
        const listing: FakeEtsyListing = {
          listing_id: nextId++,
          state: 'draft',
          title: text(body.title),
          description: text(body.description),
          tags: list(body.tags),
          price: Number(text(body.price)),
          quantity: Number(text(body.quantity)),
          who_made: text(body.who_made),
          when_made: text(body.when_made),
          is_supply: text(body.is_supply) === 'true',
          taxonomy_id: Number(text(body.taxonomy_id)),
          shipping_profile_id: body.shipping_profile_id === undefined ? null : Number(text(body.shipping_profile_id)),
          return_policy_id: body.return_policy_id === undefined ? null : Number(text(body.return_policy_id)),
          readiness_state_id: body.readiness_state_id === undefined ? null : Number(text(body.readiness_state_id)),
          created_timestamp: Math.floor(now() / 1000),
          images: [],
          sku: null,
          parcel: parcelOf(body, NO_PARCEL),
        }
        shop.listings.set(listing.listing_id, listing)
        return c.json(shopListing(seller().shopId!, seller().userId, listing), 201)
      }),
    )
    .get(
      '/v3/application/shops/:shop_id/listings',
      operation('getListingsByShop', (c) => {
        if (!ours(c)) return refuse(c, 'Shop not found', 404)
        const state = c.req.query('state') ?? 'active'
        const limit = Number(c.req.query('limit') ?? 25)
        const results = [...shop.listings.values()]
          .filter((l) => l.state === state)
          .reverse()
          .slice(0, limit)
        return c.json({
          count: results.length,
          results: results.map((l) => shopListing(seller().shopId!, seller().userId, l)),
        })
      }),
    )
    .get(
      '/v3/application/listings/:listing_id',
      operation('getListing', (c) => {
        const listing = found(c)
        return listing ? answer(c, listing) : refuse(c, 'Listing not found', 404)
      }),
    )
    .post(
      '/v3/application/shops/:shop_id/listings/:listing_id/images',
      operation('uploadListingImage', async (c, body) => {
        const listing = found(c)
        if (!ours(c) || !listing) return refuse(c, 'Listing not found', 404)
        if (!(body.image instanceof File)) return refuse(c, 'An image file is required.')
        const rank = Number(text(body.rank ?? '1'))
        const overwrite = text(body.overwrite) === 'true'
        const sha256 = createHash('sha256')
          .update(new Uint8Array(await body.image.arrayBuffer()))
          .digest('hex')
        const image = { listing_image_id: nextImageId++, rank, sha256 }
        const at = listing.images.findIndex((held) => held.rank === rank)
        if (at >= 0 && overwrite) listing.images[at] = image
        else if (listing.images.length >= 10) return refuse(c, 'A listing may have at most 10 images.')
        else listing.images.push(image)
        listing.images.sort((a, b) => a.rank - b.rank)
        return c.json(
          {
            listing_id: listing.listing_id,
            ...image,
            url_fullxfull: `https://i.etsystatic.com/${image.listing_image_id}.jpg`,
          },
          201,
        )
      }),
    )
    .patch(
      '/v3/application/shops/:shop_id/listings/:listing_id',
      operation('updateListing', (c, body) => {
        const listing = found(c)
        if (!ours(c) || !listing) return refuse(c, 'Listing not found', 404)
        const parcelRefused = parcelProblem(body)
        if (parcelRefused) return refuse(c, parcelRefused)
        const state = body.state === undefined ? undefined : text(body.state)
        if (state === 'active' && !listing.images.length)
          return c.json(
            { error: 'Cannot activate a listing without an image: /images cannot be less than 1 items' },
            400,
          )
        // "Setting a sold_out listing to active will update the quantity to 1 and renew the listing" (updateListing).
        if (state === 'active' && listing.state === 'sold_out') listing.quantity = 1
        if (state === 'active' || state === 'inactive') listing.state = state
        listing.parcel = parcelOf(body, listing.parcel)
        return answer(c, listing)
      }),
    )
    .put(
      '/v3/application/listings/:listing_id/inventory',
      operation('updateListingInventory', (c, body) => {
        const listing = found(c)
        if (!listing) return refuse(c, 'Listing not found', 404)
        const products = (body.products ?? []) as {
          sku?: string
          offerings?: { price?: number; quantity?: number; is_enabled?: boolean; readiness_state_id?: number }[]
        }[]
        const offerings = products.flatMap((product) => product.offerings ?? [])
        if (
          !offerings.length ||
          offerings.some(
            (o) =>
              o.price === undefined ||
              o.quantity === undefined ||
              o.is_enabled === undefined ||
              o.readiness_state_id === undefined,
          )
        )
          return refuse(c, 'Every offering needs price, quantity, is_enabled and readiness_state_id.')
        if (listing.state === 'active' && offerings.every((o) => o.quantity === 0))
          return refuse(c, 'One offering must have quantity greater than 0')
        listing.price = offerings[0]!.price!
        listing.quantity = offerings.reduce((sum, o) => sum + o.quantity!, 0)
        listing.sku = products[0]?.sku ?? null
        return c.json({ products, price_on_property: [], quantity_on_property: [], sku_on_property: [] })
      }),
    )
}
