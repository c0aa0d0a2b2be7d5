// What the eBay stand-in adds for importing a seller's live listings (issue 31): getInventoryItems (checked against
// sell_inventory's contract: limit 1-200, no unknown parameters), the pictures eBay serves (a small JPEG at
// /pictures/…; and, as a picture host never should answer, a redirect elsewhere and a reply that never says its size), a
// seller's live listings seeded of both kinds (Inventory API and ebay.com), and a buyer buying one made
// on ebay.com (an order line with eBay's item id and no SKU of Snaplist's).
import { Hono, type Context } from 'hono'
import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import { createContractChecker } from './ebay-contracts.ts'
import {
  inventoryOf,
  restError,
  type BearerToken,
  type FakeOrder,
  type SellState,
  type TradingItem,
} from './ebay-sell.ts'

const inventoryContract = createContractChecker('sell_inventory_v1_oas3.json')
const INVENTORY_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.inventory'
let picture: Promise<Buffer> | undefined
const pictureJpeg = () =>
  (picture ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 70, b: 160 } } })
    .jpeg()
    .toBuffer())

const ENDLESS_BYTES = 300 * 1024 * 1024
const CHUNK_BYTES = 64 * 1024

/** 300 MB of a JPEG that never says its length (chunked), made a chunk at a time as it is read: never all in memory. */
function endlessPicture(state: SellState): ReadableStream<Uint8Array> {
  state.endlessPictureBytes = 0
  return new ReadableStream({
    pull(controller) {
      if (state.endlessPictureBytes >= ENDLESS_BYTES) return controller.close()
      const chunk = new Uint8Array(CHUNK_BYTES)
      if (state.endlessPictureBytes === 0) chunk.set([0xff, 0xd8, 0xff, 0xe0])
      state.endlessPictureBytes += CHUNK_BYTES
      controller.enqueue(chunk)
    },
  })
}

export interface SeedCounts {
  /** Listings made with the Inventory API (an item and a published offer each). */
  inventory?: number
  /** Listings made on ebay.com, readable only through the Trading API. */
  trading?: number
  /** Also on ebay.com, left by an import: auctions and variation listings. */
  auctions?: number
  variations?: number
  /** Pictures per listing. */
  pictures?: number
}

let seeded = 0
const newItemId = () => String(randomInt(100_000_000_000, 999_999_999_999))

/** Makes the seller's live listings on eBay; answers their eBay item ids by kind. */
export function seedLiveListings(state: SellState, seller: string, origin: string, counts: SeedCounts) {
  const inventory = inventoryOf(state, seller)
  const pictures = (n: number) =>
    Array.from({ length: counts.pictures ?? 2 }, (_, index) => `${origin}/pictures/${n}-${index}.jpg`)
  const made = { inventory: [] as string[], trading: [] as string[] }
  for (let index = 0; index < (counts.inventory ?? 0); index += 1) {
    const n = (seeded += 1)
    const sku = `seedinv${n}`
    const itemId = newItemId()
    inventory.items.set(sku, {
      product: {
        title: `Levi's trucker jacket no. ${n}`,
        description: 'Light wash denim, no stains.',
        imageUrls: pictures(n),
        aspects: { Brand: ["Levi's"], Color: ['Blue'], Size: ['M'], Material: ['Denim'] },
      },
      condition: 'USED_EXCELLENT',
      availability: { shipToLocationAvailability: { quantity: 2 } },
    })
    const body = {
      sku,
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      categoryId: '57988',
      availableQuantity: 2,
      listingDescription: '<p>Light wash denim, <b>no stains</b>.</p>',
      pricingSummary: { price: { value: '39.50', currency: 'USD' } },
    }
    const offerId = String(randomInt(1_000_000_000, 9_999_999_999))
    inventory.offers.set(offerId, { offerId, sku, status: 'PUBLISHED', listingId: itemId, body })
    state.listings.set(itemId, { seller, sku })
    made.inventory.push(itemId)
  }
  const own = state.trading.get(seller) ?? new Map<string, TradingItem>()
  state.trading.set(seller, own)
  const kinds: (TradingItem['kind'] | 'plain')[] = [
    ...Array<'plain'>(counts.trading ?? 0).fill('plain'),
    ...Array<'auction'>(counts.auctions ?? 0).fill('auction'),
    ...Array<'variations'>(counts.variations ?? 0).fill('variations'),
  ]
  for (const kind of kinds) {
    const n = (seeded += 1)
    const item: TradingItem = {
      itemId: newItemId(),
      title: `Pendleton wool blanket no. ${n}`,
      description: '<div>Warm &amp; soft.<br>Made in USA.</div>',
      price: 64,
      quantity: 3,
      sold: 0,
      status: 'Active',
      categoryId: '20444',
      categoryName: 'Home & Garden:Bedding:Blankets & Throws',
      pictures: pictures(n),
      specifics: { Brand: ['Pendleton'], Color: ['Red'], Material: ['Wool'] },
      condition: 'Pre-owned',
      ...(kind === 'plain' ? {} : { kind }),
    }
    own.set(item.itemId, item)
    if (kind === 'plain') made.trading.push(item.itemId)
  }
  return made
}

/** A buyer buys `quantity` of a listing the seller made on ebay.com: an order for getOrders, with no SKU. */
export function sellTradingItem(state: SellState, seller: string, itemId: string, quantity = 1): FakeOrder {
  const item = state.trading.get(seller)?.get(itemId)
  if (!item || item.status !== 'Active') throw new Error(`${itemId} is not live on ebay.com for ${seller}`)
  if (item.quantity < quantity) throw new Error(`${itemId} has only ${item.quantity} left`)
  item.quantity -= quantity
  item.sold += quantity
  if (item.quantity === 0) item.status = 'Completed'
  const at = new Date().toISOString()
  const cost = { value: (item.price * quantity).toFixed(2), currency: 'USD' as const }
  const order: FakeOrder = {
    orderId: `${randomInt(10, 99)}-${randomInt(10_000, 99_999)}-${randomInt(10_000, 99_999)}`,
    creationDate: at,
    lastModifiedDate: at,
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    pricingSummary: { total: cost },
    lineItems: [
      {
        lineItemId: String(randomInt(1e9, 9e9)),
        legacyItemId: itemId,
        title: item.title,
        quantity,
        lineItemCost: cost,
        deliveryCost: { shippingCost: { value: '0.00', currency: 'USD' } },
      },
    ],
  }
  state.orders.set(seller, [...(state.orders.get(seller) ?? []), order])
  return order
}

export function importRoutes(state: SellState, bearer: BearerToken) {
  function refused(c: Context): Response | undefined {
    const token = bearer(c)
    if (!token)
      return restError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')
    if (!token.scopes.includes(INVENTORY_SCOPE))
      return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
    const unknown = inventoryContract.unknownQuery('getInventoryItems', Object.keys(c.req.query()))
    if (unknown.length) return restError(c, 400, 25709, `Invalid value for query parameters ${unknown.join(', ')}.`)
    return undefined
  }

  return new Hono()
    .get('/sell/inventory/v1/inventory_item', (c) => {
      const problem = refused(c)
      if (problem) return problem
      const limit = Number(c.req.query('limit') ?? 25)
      const offset = Number(c.req.query('offset') ?? 0)
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        return restError(c, 400, 25706, 'You have provided invalid pagination values. limit must be 1 to 200.')
      if (!Number.isInteger(offset) || offset < 0)
        return restError(c, 400, 25706, 'You have provided invalid pagination values.')
      const all = [...inventoryOf(state, bearer(c)!.seller).items]
      const inventoryItems = all.slice(offset, offset + limit).map(([sku, item]) => ({ sku, locale: 'en_US', ...item }))
      return c.json({ total: all.length, size: inventoryItems.length, limit, offset, inventoryItems })
    })
    .get('/pictures/endless.jpg', (c) => c.body(endlessPicture(state), 200, { 'content-type': 'image/jpeg' }))
    .get('/pictures/moved/:name{[\\w-]+\\.jpg}', (c) => c.redirect(c.req.query('to') ?? '/', 302))
    .get('/pictures/:name{[\\w-]+\\.jpg}', async (c) =>
      c.body(new Uint8Array(await pictureJpeg()), 200, { 'content-type': 'image/jpeg' }),
    )
}
