// The eBay stand-in's selling APIs, refusing what eBay refuses: Account API business policies (error 20403 for a
// seller not opted in), Inventory API locations, inventory items, offers and publishing (one offer per SKU; publish
// checks what eBay checks at publish time: pictures, condition, the category's required aspects, the policies, the
// location, a price, a count above none, a condition the category allows; publishing a live offer again answers with
// the same listing), Taxonomy suggestions (several per title, best first), subtrees and aspects, the Metadata API's
// item conditions per category, the Media API's picture upload, and Browse's item_summary/search over a market of 30
// listings per category (query parameters checked against Browse's contract, filters as eBay parses them). Bodies are checked
// against eBay's OpenAPI contracts; headers as eBay checks them.
// After publishing: revisions (createOrReplaceInventoryItem and updateOffer on a live offer) counted per listing and
// refused past 250 in a day, withdrawOffer, publishing a withdrawn offer again (a relist: a new listing id), the
// Fulfillment API's getOrders, a way for a test to sell an item (sell()), and eBay busy (429), down (500) or slow;
// besides, any call whose path matches can be made busy, down or late (trouble).
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { randomBytes, randomInt } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { createContractChecker } from './ebay-contracts.ts'
import { productsWithGtin } from './ebay-catalog-products.ts'
import type { OrderFinances } from './ebay-finances.ts'

export type BusinessPolicyIds = Record<'fulfillment' | 'payment' | 'return', string[]>

interface FakeAspect {
  localizedAspectName: string
  aspectConstraint: {
    aspectRequired: boolean
    aspectMode: 'FREE_TEXT' | 'SELECTION_ONLY'
    aspectUsage: 'RECOMMENDED' | 'OPTIONAL'
  }
  aspectValues?: { localizedValue: string }[]
}

const aspect = (name: string, required: boolean, values?: string[], recommended = false): FakeAspect => ({
  localizedAspectName: name,
  // As eBay does: aspectUsage says RECOMMENDED even for required aspects.
  aspectConstraint: {
    aspectRequired: required,
    aspectMode: values ? 'SELECTION_ONLY' : 'FREE_TEXT',
    aspectUsage: required || recommended ? 'RECOMMENDED' : 'OPTIONAL',
  },
  ...(values ? { aspectValues: values.map((localizedValue) => ({ localizedValue })) } : {}),
})
const recommended = (name: string, values?: string[]) => aspect(name, false, values, true)
// Aspects eBay lists but neither requires nor recommends: the analysis leaves them alone.
const optional = (name: string, values?: string[]) => aspect(name, false, values)

const APPAREL = [
  aspect('Brand', true),
  aspect('Size', true),
  aspect('Size Type', true, ['Regular', 'Big & Tall', 'Petite', 'Plus', 'Juniors', 'Maternity', 'Tall']),
  aspect('Department', true, ['Men', 'Women', 'Unisex Adults', 'Boys', 'Girls', 'Baby']),
  aspect('Color', false),
  recommended('Material'),
  optional('Country/Region of Manufacture'),
]
const DEPARTMENTS = ['Men', 'Women', 'Unisex Adults', 'Boys', 'Girls', 'Baby']
const SHOE_SIZES = [
  '5',
  '5.5',
  '6',
  '6.5',
  '7',
  '7.5',
  '8',
  '8.5',
  '9',
  '9.5',
  '10',
  '10.5',
  '11',
  '11.5',
  '12',
  '13',
  '14',
]

interface FakeCondition {
  conditionId: string
  conditionDescription: string
  usage?: 'RESTRICTED'
}
const condition = (conditionId: string, conditionDescription: string, usage?: 'RESTRICTED'): FakeCondition => ({
  conditionId,
  conditionDescription,
  ...(usage ? { usage } : {}),
})
// eBay names its conditions per category: 1000 is "New with tags" in clothing and "New" elsewhere.
const CLOTHING_CONDITIONS = [
  condition('1000', 'New with tags'),
  condition('1500', 'New without tags'),
  condition('1750', 'New with defects'),
  condition('3000', 'Pre-owned'),
]

/** Inventory API ConditionEnum values by eBay condition id, as the Metadata API lists them. */
const CONDITION_ENUM: Record<string, string> = {
  '1000': 'NEW',
  '1500': 'NEW_OTHER',
  '1750': 'NEW_WITH_DEFECTS',
  '2000': 'CERTIFIED_REFURBISHED',
  '2750': 'LIKE_NEW',
  '3000': 'USED_EXCELLENT',
  '4000': 'USED_VERY_GOOD',
  '5000': 'USED_GOOD',
  '6000': 'USED_ACCEPTABLE',
  '7000': 'FOR_PARTS_OR_NOT_WORKING',
}
const GENERAL_CONDITIONS = [
  condition('1000', 'New'),
  condition('1500', 'Open box'),
  condition('3000', 'Used'),
  condition('7000', 'For parts or not working'),
]

/** A small slice of EBAY_US's tree: every category whose words match the title is suggested, the first one first. */
export const FAKE_CATEGORIES = [
  {
    id: '57988',
    name: 'Coats, Jackets & Vests',
    words: /jacket|coat|vest|parka|blazer/i,
    aspects: [...APPAREL, aspect('Type', true, ['Jacket', 'Coat', 'Vest', 'Parka', 'Blazer'])],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '63862',
    name: "Women's Coats, Jackets & Vests",
    words: /jacket|coat|vest|parka|blazer/i,
    aspects: [...APPAREL, aspect('Type', false)],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '15687',
    name: 'T-Shirts',
    words: /shirt|tee\b|\btops?\b/i,
    // eBay's T-Shirts: Chest Size free text ('44 in'), Sleeve Length only in words.
    aspects: [
      ...APPAREL,
      aspect('Type', false),
      optional('Chest Size'),
      optional('Sleeve Length', ['Short Sleeve', 'Long Sleeve', 'Sleeveless']),
    ],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '11483',
    name: "Men's Jeans",
    words: /\bjeans\b/i,
    aspects: [
      ...APPAREL,
      aspect('Inseam', true),
      optional('Waist Size'),
      recommended('Style', ['Straight', 'Slim', 'Skinny', 'Bootcut', 'Relaxed', 'Tapered']),
    ],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '15709',
    name: 'Athletic Shoes',
    words: /\b(shoes?|sneakers?|trainers?)\b/i,
    aspects: [
      aspect('Brand', true),
      aspect('US Shoe Size', true, SHOE_SIZES),
      aspect('Department', true, DEPARTMENTS),
      aspect('Style', true, ['Sneaker', 'Running', 'Basketball', 'Skateboarding', 'Walking']),
      aspect('Color', true),
      recommended('Model'),
      recommended('Upper Material', ['Leather', 'Canvas', 'Mesh', 'Suede', 'Synthetic']),
    ],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '169291',
    name: "Women's Bags & Handbags",
    words: /\b(handbag|purse|tote|crossbody)\b/i,
    aspects: [
      aspect('Brand', true),
      aspect('Style', true, ['Tote', 'Shoulder Bag', 'Crossbody', 'Satchel', 'Clutch', 'Backpack']),
      aspect('Department', true, ['Women', 'Men', 'Unisex Adults']),
      recommended('Exterior Color'),
      recommended('Exterior Material', ['Leather', 'Canvas', 'Nylon', 'Faux Leather', 'Suede']),
    ],
    conditions: CLOTHING_CONDITIONS,
  },
  {
    id: '9355',
    name: 'Cell Phones & Smartphones',
    words: /\b(phone|iphone|smartphone|galaxy|pixel)\b/i,
    aspects: [
      aspect('Brand', true, ['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus']),
      aspect('Model', true),
      aspect('Storage Capacity', true, ['32 GB', '64 GB', '128 GB', '256 GB', '512 GB', '1 TB']),
      aspect('Network', true, ['Unlocked', 'Verizon', 'AT&T', 'T-Mobile']),
      recommended('Color'),
      recommended('Screen Size'),
    ],
    conditions: GENERAL_CONDITIONS,
  },
  {
    id: '112529',
    name: 'Headphones',
    words: /\b(headphones?|earbuds?|airpods|headset)\b/i,
    aspects: [
      aspect('Brand', true),
      aspect('Model', true),
      aspect('Type', true, ['Over-Ear', 'On-Ear', 'Earbud (In Ear)', 'Ear-Hook']),
      recommended('Connectivity', ['Wireless', 'Wired', 'Bluetooth']),
      recommended('Color'),
    ],
    conditions: GENERAL_CONDITIONS,
  },
  {
    id: '177',
    name: 'PC Laptops & Netbooks',
    words: /\b(laptop|macbook|notebook|chromebook|thinkpad)\b/i,
    aspects: [
      aspect('Brand', true),
      aspect('Processor', true),
      aspect('Screen Size', true, ['11.6 in', '13.3 in', '14 in', '15.6 in', '16 in', '17.3 in']),
      recommended('Model'),
      recommended('RAM Size', ['4 GB', '8 GB', '16 GB', '32 GB']),
    ],
    conditions: GENERAL_CONDITIONS,
  },
  {
    id: '139971',
    name: 'Video Game Consoles',
    words: /\b(console|playstation|xbox|nintendo)\b/i,
    aspects: [
      aspect('Brand', true, ['Sony', 'Microsoft', 'Nintendo', 'Sega']),
      aspect('Model', true),
      aspect('Platform', true, [
        'Sony PlayStation 5',
        'Sony PlayStation 4',
        'Microsoft Xbox Series X',
        'Microsoft Xbox One',
        'Nintendo Switch',
      ]),
      recommended('Color'),
    ],
    conditions: GENERAL_CONDITIONS,
  },
  {
    id: '31388',
    name: 'Digital Cameras',
    words: /camera/i,
    aspects: [aspect('Brand', true), aspect('Model', true), aspect('Color', false)],
    conditions: [
      condition('1000', 'New'),
      condition('1500', 'Open box'),
      condition('2000', 'Certified - Refurbished', 'RESTRICTED'),
      condition('3000', 'Used'),
      condition('7000', 'For parts or not working'),
    ],
  },
  {
    id: '261186',
    name: 'Books',
    words: /\b(novel|paperback|hardcover|isbn)\b/i,
    aspects: [
      aspect('Book Title', true),
      aspect('Author', true),
      aspect('Language', true),
      recommended('Format', ['Hardcover', 'Paperback', 'Trade Paperback', 'Mass Market Paperback']),
      recommended('Publisher'),
      recommended('Publication Year'),
    ],
    conditions: [
      condition('1000', 'Brand New'),
      condition('2750', 'Like New'),
      condition('4000', 'Very Good'),
      condition('5000', 'Good'),
      condition('6000', 'Acceptable'),
    ],
  },
  {
    id: '1',
    name: 'Collectibles',
    words: /.*/,
    aspects: [aspect('Brand', false)],
    conditions: [condition('1000', 'New'), condition('3000', 'Used')],
  },
]

interface Offer {
  offerId: string
  sku: string
  status: 'UNPUBLISHED' | 'PUBLISHED'
  listingId?: string
  body: Record<string, unknown>
}

/** A revision of a live listing as eBay saw it: which call, the SKU, and the title the inventory item carried then. */
export interface Revision {
  /**
   * quantity: bulkUpdatePriceQuantity, the count alone (the title is the item's, unchanged); price: the same call, a
   * published offer's price.
   */
  call: 'inventory_item' | 'offer' | 'quantity' | 'price'
  sku: string
  title: string
}

/** An order as the Fulfillment API returns it (the fields Snaplist reads, and a few more). */
export interface FakeOrder {
  orderId: string
  creationDate: string
  lastModifiedDate: string
  orderFulfillmentStatus: 'NOT_STARTED'
  orderPaymentStatus: 'PAID'
  /** NONE_REQUESTED until the order is cancelled (cancelOrder): then CANCELED, with the request that did it. */
  cancelStatus: {
    cancelState: 'NONE_REQUESTED' | 'CANCELED'
    cancelledDate?: string
    cancelRequests: {
      cancelRequestId: string
      cancelInitiator: 'Buyer'
      cancelReason: string
      cancelRequestState: 'COMPLETED'
      cancelRequestedDate: string
      cancelCompletedDate: string
    }[]
  }
  pricingSummary: { total: { value: string; currency: 'USD' } }
  lineItems: {
    lineItemId: string
    legacyItemId: string
    /** Absent for a listing made on ebay.com without one. */
    sku?: string
    title: string
    quantity: number
    lineItemCost: { value: string; currency: 'USD' }
    /** What the buyer paid to ship the line. */
    deliveryCost: { shippingCost: { value: string; currency: 'USD' } }
    /** The sales tax eBay collected on the line and pays over itself (a test sets it). */
    ebayCollectAndRemitTaxes?: { taxType: 'STATE_SALES_TAX'; amount: { value: string; currency: 'USD' } }[]
  }[]
}

/** How the selling APIs answer: as eBay normally does, busy (429), down (500), or slowly (slowMs, then normally). */
export type SellMode = 'good' | 'busy' | 'down' | 'slow'

/** eBay's revision limit: "Each listing can be revised up to 250 times in one calendar day" (Inventory API). */
export const REVISIONS_PER_DAY = 250

/** bulkUpdatePriceQuantity's body, as far as the stand-in reads it. */
interface BulkQuantity {
  requests: {
    sku?: string
    shipToLocationAvailability?: { quantity?: number }
    offers?: { offerId?: string; availableQuantity?: number; price?: { value?: string; currency?: string } }[]
  }[]
}

/** eBay's bulkUpdatePriceQuantity: "the total 'ship-to-home' quantity of one or more inventory items (up to 25)". */
export const BULK_PRICE_QUANTITY_MAX = 25

/** One seller's inventory: eBay keeps locations, items and offers per seller. */
export interface Inventory {
  locations: Map<string, unknown>
  items: Map<string, Record<string, unknown>>
  offers: Map<string, Offer>
  /** Shipping policies of this seller's alone, after the shared ones (a test gives one a calculated policy). */
  ownShipping: string[]
  /** The seller has only their own shipping policies, not the shared ones (a test names every one of them). */
  ownShippingOnly?: boolean
  /** eBay busy (429) or down (503) for this seller's calls alone, whichever API: the browser tests' per-seller trouble. */
  trouble?: 429 | 503
}

/** The seller's shipping (fulfillment) policy ids: the shared ones, then their own, or their own alone. */
export const shippingPolicyIds = (state: SellState, inventory: Inventory) =>
  inventory.ownShippingOnly ? inventory.ownShipping : [...(state.policies?.fulfillment ?? []), ...inventory.ownShipping]

export interface SellState {
  policies: BusinessPolicyIds | null
  /** By seller: the consent (its state) the caller's token descends from. */
  inventories: Map<string, Inventory>
  /** eBay listing id → the seller and SKU, for every listing ever published. */
  listings: Map<string, { seller: string; sku: string }>
  /** The Media API's uploads, by picture URL. */
  pictures: Map<string, number>
  /** How much of its endless picture (a chunked reply of 300 MB, tests/fakes/ebay-import.ts) the picture host sent. */
  endlessPictureBytes: number
  /** Publish the next offer, then drop the connection before answering: a reply lost on the way back. */
  dropNextPublishReply: boolean
  /** Apply the next revising call of this kind, then drop the connection before answering (a lost reply). */
  dropNextRevisionReply: Revision['call'] | null
  /**
   * A buyer buys one of this SKU just after the next getInventoryItem of it is answered: a sale landing between a
   * revision's look at eBay's count and its write (decision 0030).
   */
  sellAfterNextRead: string | null
  /** Every revision of a live listing, in order, by seller. */
  revisions: Map<string, Revision[]>
  /** Revisions per listing id on the current day (the stand-in's day is its whole life unless a test resets it). */
  revisionsToday: Map<string, number>
  /** The fulfillment policies (by id) priced by calculated shipping: a publish needs the parcel's weight and size. */
  calculatedShipping: Set<string>
  /** Orders by seller, oldest first. */
  orders: Map<string, FakeOrder[]>
  /** The Finances API's side of each order, by order id (tests/fakes/ebay-finances.ts). */
  finances: Map<string, OrderFinances>
  mode: SellMode
  slowMs: number
  /** How long an order takes to reach getOrders after it is made (eBay's orders reach it a little after; 0 here). */
  ordersLagMs: number
  /** bulkUpdatePriceQuantity calls eBay took (not those it refused whole). */
  bulkPriceQuantityCalls: number
  /** Calls whose path matches answer busy (429), down (500 or 503) or late (status 0: waits delayMs, then answers). */
  trouble: { path: RegExp; status: 0 | 429 | 500 | 503; delayMs?: number } | null
  /** Listings made on ebay.com (the Trading API's), by seller and eBay item id (tests/fakes/ebay-trading.ts). */
  trading: Map<string, Map<string, TradingItem>>
  /** The next this many Trading calls answer eBay's call limit (error 518). */
  tradingBusyCalls: number
  /** After this many more calls, every call answers 500 until it is null again (a process killed midway, as eBay sees it). */
  downAfterCalls: number | null
}

/** A fixed-price listing a seller made on ebay.com, as GetItem describes it. */
export interface TradingItem {
  itemId: string
  sku?: string
  title: string
  description: string
  price: number
  quantity: number
  sold: number
  status: 'Active' | 'Completed'
  categoryId: string
  categoryName: string
  pictures: string[]
  specifics: Record<string, string[]>
  condition: string
  /** An auction, or a listing with variations: the import leaves it. */
  kind?: 'auction' | 'variations'
}

export const createSellState = (): SellState => ({
  policies: { fulfillment: ['6196929000'], payment: ['6196932000'], return: ['6196930000'] },
  inventories: new Map(),
  listings: new Map(),
  pictures: new Map(),
  endlessPictureBytes: 0,
  dropNextPublishReply: false,
  dropNextRevisionReply: null,
  bulkPriceQuantityCalls: 0,
  sellAfterNextRead: null,
  revisions: new Map(),
  revisionsToday: new Map(),
  calculatedShipping: new Set(),
  orders: new Map(),
  finances: new Map(),
  mode: 'good',
  slowMs: 3000,
  ordersLagMs: 0,
  trouble: null,
  trading: new Map(),
  tradingBusyCalls: 0,
  downAfterCalls: null,
})

interface EbayError {
  errorId: number
  message: string
  parameters?: { name: string; value: string }[]
  /** The API's own domain and category, where not the Inventory API's request errors. */
  domain?: string
  category?: string
}

export const restErrors = (c: Context, status: ContentfulStatusCode, errors: EbayError[]) =>
  c.json(
    {
      errors: errors.map((error) => ({
        domain: 'API_INVENTORY',
        category: 'REQUEST',
        longMessage: error.message,
        ...error,
      })),
    },
    status,
  )

export const restError = (c: Context, status: ContentfulStatusCode, errorId: number, message: string) =>
  restErrors(c, status, [{ errorId, message }])

const SCOPES = {
  base: 'https://api.ebay.com/oauth/api_scope',
  inventory: 'https://api.ebay.com/oauth/api_scope/sell.inventory',
  account: 'https://api.ebay.com/oauth/api_scope/sell.account',
  fulfillment: [
    'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
    'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
  ],
}
const inventoryContract = createContractChecker('sell_inventory_v1_oas3.json')
const taxonomyContract = createContractChecker('commerce_taxonomy_v1_oas3.json')
const metadataContract = createContractChecker('sell_metadata_v1_oas3.json')
const fulfillmentContract = createContractChecker('sell_fulfillment_v1_oas3.json')
const browseContract = createContractChecker('buy_browse_v1_oas3.json')

// Browse's filters as eBay spells them (name:value or name:{a|b}), those this stand-in understands.
const BROWSE_FILTERS = new Set([
  'buyingOptions',
  'conditions',
  'conditionIds',
  'priceCurrency',
  'price',
  'itemLocationCountry',
])
const BROWSE_MARKETPLACES = new Set(['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_AU', 'EBAY_CA'])

interface MarketListing {
  itemId: string
  title: string
  categoryId: string
  price: number
  /** null: calculated shipping, which Browse quotes without a cost. */
  shipping: number | null
  condition: 'NEW' | 'USED'
  buyingOption: 'FIXED_PRICE' | 'AUCTION'
}

/** What is for sale in each category: 30 listings, their words those of the category, prices spread around a middle. */
function marketOf(category: (typeof FAKE_CATEGORIES)[number], index: number): MarketListing[] {
  const middle = 20 + index * 15
  return Array.from({ length: 30 }, (_, n) => ({
    itemId: `v1|${category.id}${String(n).padStart(4, '0')}|0`,
    title: `${category.name} ${n % 2 ? 'used' : 'pre-owned'} ${
      category.words.source
        .replace(/[^a-z|]/gi, '')
        .split('|')
        .filter(Boolean)[n % 2] ?? ''
    }`.trim(),
    categoryId: category.id,
    price: Math.round(middle * (0.6 + ((n * 37) % 30) / 37.5)) - 0.01,
    shipping: n % 7 === 6 ? null : n % 2 ? 5.99 : 0,
    condition: n % 3 === 2 ? 'NEW' : 'USED',
    buyingOption: n % 10 === 9 ? 'AUCTION' : 'FIXED_PRICE',
  }))
}

/** The filter as name → values, or the name eBay would refuse. */
function parseBrowseFilter(filter: string): Map<string, string[]> | string {
  const parsed = new Map<string, string[]>()
  for (const part of filter.match(/[^,{]+(?:\{[^}]*\})?/g) ?? []) {
    const match = /^(\w+):(?:\{([^}]*)\}|([^{}]*))$/.exec(part.trim())
    if (!match || !BROWSE_FILTERS.has(match[1]!)) return part
    parsed.set(match[1]!, (match[2] ?? match[3] ?? '').split('|'))
  }
  return parsed
}
const missingAspect = (name: string) => ({
  errorId: 25002,
  message: `A user error has occurred. The item specific ${name} is missing. Add ${name} to this listing, enter a valid value, and then try again.`,
})

/** A seller's inventory, made on first use. */
export function inventoryOf(state: SellState, seller: string): Inventory {
  let inventory = state.inventories.get(seller)
  if (!inventory)
    state.inventories.set(
      seller,
      (inventory = { locations: new Map(), items: new Map(), offers: new Map(), ownShipping: [] }),
    )
  return inventory
}

/** The request's live Bearer token: its scopes and its seller, or undefined (the auth half of the stand-in knows them). */
export type BearerToken = (c: Context) => { scopes: string[]; seller: string } | undefined

const money = (value: number) => ({ value: value.toFixed(2), currency: 'USD' as const })

/**
 * A buyer buys `quantity` of the seller's live listing for this SKU at the offer's price (or at `unitPrice`, an offer
 * the seller sent the buyer): an order appears for getOrders,
 * the item's and offer's quantities go down, and the listing ends when none is left. Returns the order.
 */
export function sellItem(
  state: SellState,
  seller: string,
  sku: string,
  quantity = 1,
  at = new Date(),
  shipping = 0,
  unitPrice?: number,
): FakeOrder {
  const inventory = inventoryOf(state, seller)
  const offer = [...inventory.offers.values()].find((entry) => entry.sku === sku && entry.status === 'PUBLISHED')
  if (!offer?.listingId) throw new Error(`${sku} is not live on eBay for ${seller}`)
  const item = inventory.items.get(sku) as {
    availability: { shipToLocationAvailability: { quantity: number } }
    product: { title: string }
  }
  const available = item.availability.shipToLocationAvailability
  if (available.quantity < quantity) throw new Error(`${sku} has only ${available.quantity} left`)
  available.quantity -= quantity
  offer.body.availableQuantity = available.quantity
  if (available.quantity === 0) offer.status = 'UNPUBLISHED'
  const unit = unitPrice ?? Number((offer.body.pricingSummary as { price: { value: string } }).price.value)
  const order: FakeOrder = {
    orderId: `${randomInt(10, 99)}-${randomInt(10_000, 99_999)}-${randomInt(10_000, 99_999)}`,
    creationDate: at.toISOString(),
    lastModifiedDate: at.toISOString(),
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    // What the buyer paid, delivery included, as eBay's total is.
    pricingSummary: { total: money(unit * quantity + shipping) },
    lineItems: [
      {
        lineItemId: String(randomInt(1e9, 9e9)),
        legacyItemId: offer.listingId,
        sku,
        title: item.product.title,
        quantity,
        lineItemCost: money(unit * quantity),
        deliveryCost: { shippingCost: money(shipping) },
      },
    ],
  }
  state.orders.set(seller, [...(state.orders.get(seller) ?? []), order])
  return order
}

/**
 * The buyer's cancellation of an order, which eBay completed at `at`: its cancelStatus says CANCELED, and it was last
 * modified then (getOrders by lastmodifieddate finds it). The item's count stays as it is: the seller's side (Snaplist's
 * revision, bounded as decision 0030 says) gives the piece back, which holds whether or not eBay gave it back itself.
 */
export function cancelOrder(state: SellState, seller: string, orderId: string, at = new Date()): FakeOrder {
  const order = (state.orders.get(seller) ?? []).find((held) => held.orderId === orderId)
  if (!order) throw new Error(`${seller} has no order ${orderId}`)
  order.cancelStatus = {
    cancelState: 'CANCELED',
    cancelledDate: at.toISOString(),
    cancelRequests: [
      {
        cancelRequestId: String(randomInt(1e9, 9e9)),
        cancelInitiator: 'Buyer',
        cancelReason: 'ORDER_MISTAKE',
        cancelRequestState: 'COMPLETED',
        cancelRequestedDate: at.toISOString(),
        cancelCompletedDate: at.toISOString(),
      },
    ],
  }
  order.lastModifiedDate = at.toISOString()
  return order
}

/** A getOrders date filter: the order's field it reads, and from when to when. */
interface OrdersWindow {
  field: 'creationDate' | 'lastModifiedDate'
  from: number
  to: number
}

/**
 * creationdate:[from..] or lastmodifieddate:[from..] (an end date optional; ISO 8601, UTC), the filters Snaplist
 * uses; null when malformed.
 */
function ordersWindow(filter: string | undefined): OrdersWindow | null | undefined {
  if (filter === undefined) return undefined
  const match = /^(creationdate|lastmodifieddate):\[(.+?)\.\.(.*)\]$/.exec(filter)
  const from = Date.parse(match?.[2] ?? '')
  const to = match?.[3] ? Date.parse(match[3]) : Infinity
  if (!match || Number.isNaN(from) || Number.isNaN(to)) return null
  return { field: match[1] === 'creationdate' ? 'creationDate' : 'lastModifiedDate', from, to }
}

export function sellRoutes(state: SellState, bearer: BearerToken) {
  /** What eBay checks before a Sell API call: the token, its scope and the Accept-Language header. */
  function refused(c: Context, scope: string): Response | undefined {
    const token = bearer(c)
    if (!token)
      return restError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')
    if (!token.scopes.includes(scope))
      return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
    if (c.req.header('accept-language') === '*')
      return restError(c, 400, 25709, 'Invalid value for header Accept-Language.')
    return undefined
  }

  /** The caller's inventory; only after refused() let the call through. */
  const mine = (c: Context) => inventoryOf(state, bearer(c)!.seller)

  /** The body of an operation with one: Content-Type (and Content-Language where the contract wants it) and the contract. */
  async function contractBody(
    c: Context,
    operationId: string,
    { contentLanguage = false } = {},
  ): Promise<{ body: Record<string, unknown> } | { refused: Response }> {
    if (!c.req.header('content-type')?.startsWith('application/json'))
      return { refused: restError(c, 400, 25709, 'Invalid value for header Content-Type.') }
    if (contentLanguage && c.req.header('content-language') !== 'en-US')
      return { refused: restError(c, 400, 25709, 'Invalid value for header Content-Language.') }
    const body: unknown = await c.req.json().catch(() => undefined)
    const problems = inventoryContract.check(operationId, body)
    if (problems.length === 0) return { body: body as Record<string, unknown> }
    const messages = problems.map((problem) => `${problem.at || 'body'} ${problem.message}`).join('; ')
    return { refused: restError(c, 400, 25802, `Input error. ${messages}`) }
  }

  const category = (id: unknown) => FAKE_CATEGORIES.find((entry) => entry.id === id)

  /** A GET whose query names a parameter the operation does not define: refused, so the test sees the mistake. */
  function unknownQuery(
    c: Context,
    contract: ReturnType<typeof createContractChecker>,
    operationId: string,
  ): Response | undefined {
    const unknown = contract.unknownQuery(operationId, Object.keys(c.req.query()))
    return unknown.length
      ? restError(c, 400, 25709, `Invalid value for query parameters ${unknown.join(', ')}.`)
      : undefined
  }

  /** What publishOffer refuses, in eBay's words: everything a live listing needs that the item or offer lacks. */
  function publishProblems(inventory: Inventory, offer: Offer): EbayError[] {
    const item = inventory.items.get(offer.sku)
    if (!item)
      return [{ errorId: 25702, message: `${offer.sku} could not be found or is not available in the system.` }]
    const product = (item.product ?? {}) as {
      title?: string
      imageUrls?: string[]
      aspects?: Record<string, string[]>
      description?: string
    }
    const body = offer.body as {
      categoryId?: string
      listingPolicies?: Record<string, string>
      pricingSummary?: { price?: { value?: string } }
      merchantLocationKey?: string
      listingDuration?: string
      listingDescription?: string
    }
    const problems: EbayError[] = []
    const leaf = category(body.categoryId)
    if (!leaf)
      problems.push({
        errorId: 25005,
        message: 'The listing could not be published because the unpublished offer has an invalid category ID.',
      })
    if (!product.title) problems.push({ errorId: 25002, message: 'A user error has occurred. The title is missing.' })
    // Calculated shipping prices the parcel: eBay needs its weight and size (integration notes, 25020).
    const parcel = item.packageWeightAndSize as { weight?: unknown; dimensions?: unknown } | undefined
    const fulfillment = body.listingPolicies?.fulfillmentPolicyId ?? ''
    if (state.calculatedShipping.has(fulfillment) && (!parcel?.weight || !parcel.dimensions))
      problems.push({
        errorId: 25020,
        message:
          'The listing could not be published because the unpublished offer has invalid shipping package details.',
      })
    if (!product.imageUrls?.length || product.imageUrls.some((url) => !url.startsWith('https://'))) {
      problems.push({
        errorId: 25015,
        message: 'The listing could not be published because the inventory item has an invalid picture URL.',
      })
    }
    const allowed = leaf?.conditions.filter((entry) => !entry.usage).map((entry) => CONDITION_ENUM[entry.conditionId])
    if (!item.condition || (allowed && !allowed.includes(item.condition as string))) {
      problems.push({
        errorId: 25021,
        message:
          'The listing could not be published because the inventory item has invalid item condition information.',
      })
    }
    if (!product.description && !body.listingDescription)
      problems.push({ errorId: 25002, message: 'A user error has occurred. The description is missing.' })
    for (const required of leaf?.aspects.filter((entry) => entry.aspectConstraint.aspectRequired) ?? []) {
      const values = product.aspects?.[required.localizedAspectName] ?? []
      const allowed = required.aspectValues?.map((value) => value.localizedValue)
      if (!values.length || (allowed && !values.every((value) => allowed.includes(value))))
        problems.push(missingAspect(required.localizedAspectName))
    }
    const policies = body.listingPolicies ?? {}
    const policyErrors = { fulfillment: 25007, payment: 25008, return: 25009 } as const
    for (const kind of ['fulfillment', 'payment', 'return'] as const) {
      const ids = kind === 'fulfillment' ? shippingPolicyIds(state, inventory) : (state.policies?.[kind] ?? [])
      if (!ids.includes(policies[`${kind}PolicyId`] ?? '')) {
        problems.push({
          errorId: policyErrors[kind],
          message: `The listing could not be published because the unpublished offer has invalid data in the associated ${kind} policy.`,
        })
      }
    }
    // The offer's own count overrides the item's when set (updateOffer's availableQuantity): none is nothing to sell.
    const available = (item.availability as { shipToLocationAvailability?: { quantity?: number } } | undefined)
      ?.shipToLocationAvailability?.quantity
    const count = (offer.body as { availableQuantity?: number }).availableQuantity ?? available
    if (count !== undefined && !(count > 0))
      problems.push({
        errorId: 25004,
        message:
          'The eBay listing associated with the inventory item, or the unpublished offer has an invalid quantity.',
      })
    if (!(Number(body.pricingSummary?.price?.value) > 0))
      problems.push({
        errorId: 25003,
        message: 'The listing could not be published because the unpublished offer has an invalid price.',
      })
    if (!inventory.locations.has(body.merchantLocationKey ?? ''))
      problems.push({ errorId: 25012, message: 'Invalid inventory location. The merchantLocationKey is not known.' })
    if (body.listingDuration !== 'GTC')
      problems.push({
        errorId: 25002,
        message: 'A user error has occurred. listingDuration must be GTC for fixed-price listings.',
      })
    return problems
  }

  function publish(c: Context, offer: Offer): Response {
    if (offer.status !== 'PUBLISHED') {
      offer.listingId = String(randomInt(100_000_000_000, 999_999_999_999))
      offer.status = 'PUBLISHED'
      state.listings.set(offer.listingId, { seller: bearer(c)!.seller, sku: offer.sku })
    }
    if (state.dropNextPublishReply) {
      state.dropNextPublishReply = false
      ;(c.env as { incoming: { socket: { destroy(): void } } }).incoming.socket.destroy()
    }
    return c.json({ listingId: offer.listingId, warnings: [] })
  }

  const liveOffer = (c: Context, sku: string) =>
    [...mine(c).offers.values()].find((offer) => offer.sku === sku && offer.status === 'PUBLISHED')

  /**
   * A change to a live listing is a revision: counted, and refused past eBay's 250 a day (25019 "Cannot revise the
   * listing"; the additional text is the stand-in's). Returns the refusal, or records the revision and returns nothing.
   */
  function revise(c: Context, offer: Offer | undefined, call: Revision['call'], title: string): Response | undefined {
    if (!offer?.listingId) return undefined
    const count = state.revisionsToday.get(offer.listingId) ?? 0
    if (count >= REVISIONS_PER_DAY)
      return restError(
        c,
        400,
        25019,
        `Cannot revise the listing. This listing has reached the limit of ${REVISIONS_PER_DAY} revisions in one calendar day.`,
      )
    state.revisionsToday.set(offer.listingId, count + 1)
    const seller = bearer(c)!.seller
    state.revisions.set(seller, [...(state.revisions.get(seller) ?? []), { call, sku: offer.sku, title }])
    return undefined
  }

  /** 204 for a write, unless the test asked for this kind of revision's reply to be lost on the way back. */
  function written(c: Context, call: Revision['call'], wasRevision: boolean): Response {
    if (wasRevision && state.dropNextRevisionReply === call) {
      state.dropNextRevisionReply = null
      ;(c.env as { incoming: { socket: { destroy(): void } } }).incoming.socket.destroy()
    }
    return c.body(null, 204)
  }

  type PriceQuantityRequest = BulkQuantity['requests'][number]
  const failed = (sku: string | undefined, errorId: number, message: string, offerId?: string) => ({
    ...(offerId ? { offerId } : {}),
    ...(sku ? { sku } : {}),
    statusCode: 400,
    errors: [{ errorId, domain: 'API_INVENTORY', category: 'REQUEST', message }],
  })

  /**
   * One request of bulkUpdatePriceQuantity: the item's total count, and each published offer's price or count. Each
   * change of a live listing is a revision (counted, refused past the day's limit). Answers one response per offer, or
   * one for the item when it names none.
   */
  function bulkUpdateOne(
    c: Context,
    { sku, shipToLocationAvailability, offers = [] }: PriceQuantityRequest,
  ): { offerId?: string; sku?: string; statusCode: number; errors?: unknown[] }[] {
    const item = sku === undefined ? undefined : mine(c).items.get(sku)
    const quantity = shipToLocationAvailability?.quantity
    if (sku !== undefined && !item) return [failed(sku, 25702, `${sku} could not be found.`)]
    if (quantity === undefined && offers.length === 0)
      return [failed(sku, 25002, 'Either shipToLocationAvailability or offers is required.')]
    const title = (item as { product?: { title?: string } } | undefined)?.product?.title ?? ''
    if (quantity !== undefined && item) {
      if (revise(c, liveOffer(c, sku!), 'quantity', title)) return [failed(sku, 25019, 'Cannot revise the listing.')]
      ;(item as { availability: { shipToLocationAvailability: { quantity: number } } }).availability = {
        shipToLocationAvailability: { quantity },
      }
      const live = liveOffer(c, sku!)
      // As a sale does: a listing left with none ends.
      if (live && quantity === 0) live.status = 'UNPUBLISHED'
      if (offers.length === 0) return [{ sku, statusCode: 200 }]
    }
    return offers.map(({ offerId, price, availableQuantity }) => {
      const offer = offerId === undefined ? undefined : mine(c).offers.get(offerId)
      if (!offer) return failed(sku, 25713, 'This Offer is not available : unknown offerId.', offerId)
      if (sku !== undefined && offer.sku !== sku)
        return failed(sku, 25002, 'The offer does not belong to the SKU of this request.', offerId)
      // "This call is not designed to work with unpublished offers": updateOffer is theirs.
      if (offer.status !== 'PUBLISHED') return failed(offer.sku, 25002, 'The offer is not published.', offerId)
      if (price === undefined && availableQuantity === undefined)
        return failed(offer.sku, 25002, 'Either availableQuantity or price is required.', offerId)
      if (price && (price.currency !== 'USD' || !/^\d+(\.\d{1,2})?$/.test(price.value ?? '')))
        return failed(offer.sku, 25709, 'Invalid value for price.', offerId)
      const offerTitle = (mine(c).items.get(offer.sku) as { product?: { title?: string } } | undefined)?.product?.title
      if (revise(c, offer, price ? 'price' : 'quantity', offerTitle ?? ''))
        return failed(offer.sku, 25019, 'Cannot revise the listing.', offerId)
      if (price) {
        const summary = (offer.body.pricingSummary ?? {}) as Record<string, unknown>
        offer.body.pricingSummary = { ...summary, price: { value: price.value, currency: price.currency } }
      }
      if (availableQuantity !== undefined) offer.body.availableQuantity = availableQuantity
      return { offerId: offer.offerId, sku: offer.sku, statusCode: 200 }
    })
  }

  const offerView = (offer: Offer) => ({
    offerId: offer.offerId,
    sku: offer.sku,
    status: offer.status,
    ...offer.body,
    ...(offer.listingId ? { listing: { listingId: offer.listingId, listingStatus: 'ACTIVE' } } : {}),
  })

  return (
    new Hono()
      .use(async (c, next) => {
        if (state.downAfterCalls !== null && !c.req.path.startsWith('/__control')) {
          if (state.downAfterCalls <= 0)
            return restError(c, 500, 25001, 'A system error has occurred. The service is down (stand-in).')
          state.downAfterCalls -= 1
        }
        const trouble = state.trouble
        if (!trouble?.path.test(c.req.path)) return next()
        if (trouble.status === 429)
          return restError(c, 429, 2001, 'Too many requests. The request limit has been reached for the resource.')
        if (trouble.status !== 0)
          return restError(
            c,
            trouble.status,
            2003,
            'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.',
          )
        await new Promise((resolve) => setTimeout(resolve, trouble.delayMs ?? 5_000))
        return next()
      })
      // The Sell APIs (Inventory, Account, Fulfillment) only: connecting and the control routes keep working.
      .use('/sell/*', async (c, next) => {
        if (state.mode === 'busy')
          return restError(c, 429, 2001, 'Too many requests. The request limit has been reached for the resource.')
        if (state.mode === 'down')
          return restError(c, 500, 25001, 'A system error has occurred. The service is down (stand-in).')
        if (state.mode === 'slow') await sleep(state.slowMs)
        return next()
      })
      .get('/sell/account/v1/:kind{(fulfillment|payment|return)_policy}', (c) => {
        const problem = refused(c, SCOPES.account)
        if (problem) return problem
        if (c.req.query('marketplace_id') !== 'EBAY_US') return restError(c, 400, 20401, 'Missing field marketplaceId.')
        if (!state.policies) return restError(c, 400, 20403, 'User is not eligible for Business Policy.')
        const kind = c.req.param('kind').replace('_policy', '') as keyof BusinessPolicyIds
        const ids = kind === 'fulfillment' ? shippingPolicyIds(state, mine(c)) : state.policies[kind]
        const policies = ids.map((id) => ({
          [`${kind}PolicyId`]: id,
          name: `${kind} policy ${id}`,
          marketplaceId: 'EBAY_US',
          ...(kind === 'fulfillment'
            ? {
                shippingOptions: [
                  { optionType: 'DOMESTIC', costType: state.calculatedShipping.has(id) ? 'CALCULATED' : 'FLAT_RATE' },
                ],
              }
            : {}),
        }))
        return c.json({ [`${kind}Policies`]: policies, total: policies.length, limit: 20, offset: 0 })
      })
      .get('/sell/inventory/v1/location', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const locations = [...mine(c).locations].map(([key, body]) => ({
          merchantLocationKey: key,
          merchantLocationStatus: 'ENABLED',
          ...(body as object),
        }))
        return c.json({ locations, total: locations.length, limit: 20, offset: 0 })
      })
      .post('/sell/inventory/v1/location/:key', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const checked = await contractBody(c, 'createInventoryLocation')
        if ('refused' in checked) return checked.refused
        const key = c.req.param('key')
        if (key.length > 36) return restError(c, 400, 25800, 'Invalid merchantLocationKey.')
        if (mine(c).locations.has(key)) return restError(c, 409, 25803, 'merchantLocationKey already exists.')
        mine(c).locations.set(key, checked.body)
        return c.body(null, 204)
      })
      .put('/sell/inventory/v1/inventory_item/:sku', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const sku = c.req.param('sku')
        if (!/^[A-Za-z0-9]{1,50}$/.test(sku)) {
          return restError(
            c,
            400,
            25707,
            'This is an invalid value for a SKU.  Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters.',
          )
        }
        const checked = await contractBody(c, 'createOrReplaceInventoryItem', { contentLanguage: true })
        if ('refused' in checked) return checked.refused
        const title = String((checked.body.product as { title?: unknown } | undefined)?.title ?? '')
        const live = liveOffer(c, sku)
        const limited = revise(c, live, 'inventory_item', title)
        if (limited) return limited
        mine(c).items.set(sku, checked.body)
        return written(c, 'inventory_item', live !== undefined)
      })
      .get('/sell/inventory/v1/inventory_item/:sku', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const item = mine(c).items.get(c.req.param('sku'))
        if (!item)
          return restError(
            c,
            404,
            25710,
            "We didn't find the resource/entity you are requesting. Please verify the request",
          )
        const reply = c.json({ sku: c.req.param('sku'), locale: 'en_US', ...item })
        if (state.sellAfterNextRead === c.req.param('sku')) {
          state.sellAfterNextRead = null
          sellItem(state, bearer(c)!.seller, c.req.param('sku'))
        }
        return reply
      })
      .post('/sell/inventory/v1/bulk_update_price_quantity', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const checked = await contractBody(c, 'bulkUpdatePriceQuantity')
        if ('refused' in checked) return checked.refused
        const requests = (checked.body as Partial<BulkQuantity>).requests ?? []
        if (requests.length === 0 || requests.length > BULK_PRICE_QUANTITY_MAX)
          return restError(
            c,
            400,
            25005,
            `Input error. requests must hold 1 to ${BULK_PRICE_QUANTITY_MAX} inventory items; it held ${requests.length}.`,
          )
        state.bulkPriceQuantityCalls += 1
        const responses = requests.flatMap((request) => bulkUpdateOne(c, request))
        return c.json({ responses })
      })
      .get('/sell/inventory/v1/offer/:offerId', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const offer = mine(c).offers.get(c.req.param('offerId'))
        if (!offer) return restError(c, 404, 25713, 'This Offer is not available : unknown offerId.')
        return c.json(offerView(offer))
      })
      .get('/sell/inventory/v1/offer', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const offers = [...mine(c).offers.values()].filter((offer) => offer.sku === c.req.query('sku'))
        if (!offers.length) return restError(c, 404, 25713, 'This Offer is not available : no offer for this SKU.')
        return c.json({ offers: offers.map(offerView), total: offers.length, limit: 25, offset: 0 })
      })
      .post('/sell/inventory/v1/offer', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const checked = await contractBody(c, 'createOffer', { contentLanguage: true })
        if ('refused' in checked) return checked.refused
        const { sku, marketplaceId, format } = checked.body as { sku?: string; marketplaceId?: string; format?: string }
        if (!sku || !marketplaceId || !format)
          return restError(c, 400, 25002, 'A user error has occurred. sku, marketplaceId and format are required.')
        const { items, offers } = mine(c)
        if (!items.has(sku))
          return restError(c, 400, 25702, `${sku} could not be found or is not available in the system.`)
        const existing = [...offers.values()].find(
          (offer) => offer.sku === sku && offer.body.marketplaceId === marketplaceId && offer.body.format === format,
        )
        if (existing)
          return restErrors(c, 400, [
            {
              errorId: 25002,
              message: 'A user error has occurred. Offer entity already exists.',
              parameters: [{ name: 'offerId', value: existing.offerId }],
            },
          ])
        const offer: Offer = {
          offerId: String(randomInt(1_000_000_000, 9_999_999_999)),
          sku,
          status: 'UNPUBLISHED',
          body: checked.body,
        }
        offers.set(offer.offerId, offer)
        return c.json({ offerId: offer.offerId, warnings: [] }, 201)
      })
      .put('/sell/inventory/v1/offer/:offerId', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const offer = mine(c).offers.get(c.req.param('offerId'))
        if (!offer) return restError(c, 404, 25713, 'This Offer is not available : unknown offerId.')
        const checked = await contractBody(c, 'updateOffer', { contentLanguage: true })
        if ('refused' in checked) return checked.refused
        const item = mine(c).items.get(offer.sku) as { product?: { title?: string } } | undefined
        const live = offer.status === 'PUBLISHED'
        const limited = live ? revise(c, offer, 'offer', item?.product?.title ?? '') : undefined
        if (limited) return limited
        offer.body = { ...checked.body, marketplaceId: offer.body.marketplaceId, format: offer.body.format }
        return written(c, 'offer', live)
      })
      .post('/sell/inventory/v1/offer/:offerId/publish', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const offer = mine(c).offers.get(c.req.param('offerId'))
        if (!offer) return restError(c, 404, 25713, 'This Offer is not available : unknown offerId.')
        const problems = publishProblems(mine(c), offer)
        return problems.length ? restErrors(c, 400, problems) : publish(c, offer)
      })
      .post('/sell/inventory/v1/offer/:offerId/withdraw', (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        const offer = mine(c).offers.get(c.req.param('offerId'))
        if (!offer) return restError(c, 404, 25713, 'This Offer is not available : unknown offerId.')
        // eBay's words for withdrawing an offer that is not live are not documented; 25002 is its generic user error.
        if (offer.status !== 'PUBLISHED')
          return restError(c, 400, 25002, 'A user error has occurred. The offer is not published.')
        offer.status = 'UNPUBLISHED'
        return c.json({ listingId: offer.listingId, warnings: [] })
      })
      .get('/sell/fulfillment/v1/order', (c) => {
        const token = bearer(c)
        if (!token)
          return restError(
            c,
            401,
            1001,
            'Invalid access token. Check the value of the Authorization HTTP request header.',
          )
        if (!SCOPES.fulfillment.some((scope) => token.scopes.includes(scope)))
          return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
        const problem = unknownQuery(c, fulfillmentContract, 'getOrders')
        if (problem) return problem
        // orderIds (at most 50, comma-separated) names the orders wanted and eBay ignores every other parameter.
        const reached = (state.orders.get(token.seller) ?? []).filter(
          (order) => Date.parse(order.creationDate) <= Date.now() - state.ordersLagMs,
        )
        const orderIds = c.req.query('orderIds')
        if (orderIds !== undefined) {
          const wanted = orderIds.split(',')
          if (wanted.length > 50)
            return restError(c, 400, 30900, 'Exceeded maximum number of order IDs (the current limit is 50)')
          const orders = reached.filter((order) => wanted.includes(order.orderId))
          return c.json({ href: c.req.url, limit: 50, offset: 0, total: orders.length, orders, warnings: [] })
        }
        const window = ordersWindow(c.req.query('filter'))
        const limit = Number(c.req.query('limit') ?? 50)
        const offset = Number(c.req.query('offset') ?? 0)
        // eBay's words, from the x-response-codes of getOrders in sell_fulfillment_v1_oas3.json.
        if (window === null) return restError(c, 400, 30810, 'Invalid date format')
        if (window && window.to !== Infinity && window.to < window.from)
          return restError(c, 400, 30840, 'Start date should be before end date')
        if (window && window.from > Date.now() + 60_000)
          return restError(c, 400, 30850, "Start and end dates can't be in the future")
        if (!Number.isInteger(limit) || limit < 1 || limit > 200)
          return restError(c, 400, 31100, `Invalid limit: ${c.req.query('limit')}`)
        if (!Number.isInteger(offset) || offset < 0)
          return restError(c, 400, 31000, `Invalid offset: ${c.req.query('offset')}`)
        const all = reached.filter(
          (order) =>
            !window || (Date.parse(order[window.field]) >= window.from && Date.parse(order[window.field]) <= window.to),
        )
        const orders = all.slice(offset, offset + limit)
        return c.json({ href: c.req.url, limit, offset, total: all.length, orders, warnings: [] })
      })
      .get('/commerce/taxonomy/v1/get_default_category_tree_id', (c) => {
        const problem = refused(c, SCOPES.base)
        if (problem) return problem
        if (!c.req.query('marketplace_id')) return restError(c, 400, 62002, 'Missing marketplace ID.')
        return c.json({ categoryTreeId: '0', categoryTreeVersion: '133' })
      })
      .get('/commerce/taxonomy/v1/category_tree/:tree/get_category_suggestions', (c) => {
        const problem = refused(c, SCOPES.base)
        if (problem) return problem
        if (c.req.param('tree') !== '0')
          return restError(c, 404, 62004, 'The specified category tree ID was not found.')
        const q = c.req.query('q')
        if (!q) return restError(c, 400, 62007, "Missing keyword 'q'. Please specify a keyword.")
        const suggestions = FAKE_CATEGORIES.filter((entry) => entry.words.test(q)).map((entry, index) => ({
          category: { categoryId: entry.id, categoryName: entry.name },
          categoryTreeNodeAncestors: [],
          categoryTreeNodeLevel: 3,
          relevancy: index === 0 ? 'HIGH' : 'LOW',
        }))
        return c.json({ categorySuggestions: suggestions, categoryTreeId: '0', categoryTreeVersion: '133' })
      })
      .get('/commerce/taxonomy/v1/category_tree/:tree/get_category_subtree', (c) => {
        const problem = refused(c, SCOPES.base) ?? unknownQuery(c, taxonomyContract, 'getCategorySubtree')
        if (problem) return problem
        if (c.req.param('tree') !== '0')
          return restError(c, 404, 62004, 'The specified category tree ID was not found.')
        const id = c.req.query('category_id')
        if (!id) return restError(c, 400, 62006, 'Missing category ID.')
        const leaf = category(id)
        if (!leaf)
          return restError(c, 400, 62005, 'The specified category ID does not belong to the specified category tree.')
        const categorySubtreeNode = {
          category: { categoryId: leaf.id, categoryName: leaf.name },
          categoryTreeNodeLevel: 3,
          leafCategoryTreeNode: true,
        }
        return c.json({ categorySubtreeNode, categoryTreeId: '0', categoryTreeVersion: '133' })
      })
      .get('/sell/metadata/v1/marketplace/:marketplace/get_item_condition_policies', (c) => {
        const problem = refused(c, SCOPES.base) ?? unknownQuery(c, metadataContract, 'getItemConditionPolicies')
        if (problem) return problem
        if (c.req.param('marketplace') !== 'EBAY_US')
          return restErrors(c, 400, [{ errorId: 46001, message: 'The specified marketplace ID was not found.' }])
        // filter=categoryIds:{100|101}; without one eBay answers for every category.
        const filter = c.req.query('filter')
        const ids = filter === undefined ? undefined : /^categoryIds:\{([\d|]+)\}$/.exec(filter)?.[1]?.split('|')
        if (filter !== undefined && !ids)
          return restErrors(c, 400, [{ errorId: 46002, message: 'The specified filter is invalid.' }])
        const leaves = FAKE_CATEGORIES.filter((entry) => !ids || ids.includes(entry.id))
        const itemConditionPolicies = leaves.map((leaf) => ({
          categoryId: leaf.id,
          categoryTreeId: '0',
          itemConditionRequired: true,
          itemConditions: leaf.conditions,
        }))
        return c.json({ itemConditionPolicies })
      })
      .get('/commerce/taxonomy/v1/category_tree/:tree/get_item_aspects_for_category', (c) => {
        const problem = refused(c, SCOPES.base)
        if (problem) return problem
        const id = c.req.query('category_id')
        if (!id) return restError(c, 400, 62006, 'Missing category ID.')
        const leaf = category(id)
        if (!leaf)
          return restError(c, 400, 62005, 'The specified category ID does not belong to the specified category tree.')
        return c.json({ categoryId: leaf.id, categoryTreeId: '0', aspects: leaf.aspects })
      })
      .get('/buy/browse/v1/item_summary/search', (c) => {
        const problem = refused(c, SCOPES.base) ?? unknownQuery(c, browseContract, 'search')
        if (problem) return problem
        const marketplace = c.req.header('x-ebay-c-marketplace-id')
        if (marketplace && !BROWSE_MARKETPLACES.has(marketplace))
          return restError(c, 400, 12002, `The marketplace ID ${marketplace} is invalid.`)
        const { q, gtin, filter = '', limit = '50', offset = '0' } = c.req.query()
        // A GTIN finds the listings of its catalog product: here, its category's market.
        const categoryIds =
          c.req.query('category_ids') ?? (gtin ? (productsWithGtin(gtin)[0]?.primaryCategoryId ?? 'none') : undefined)
        if (!q && !categoryIds)
          return restError(
            c,
            400,
            12001,
            "The call must have a valid 'q', 'category_ids', 'epid', 'gtin' or 'charity_ids' query parameter.",
          )
        if (q?.includes('*'))
          return restError(c, 400, 12015, 'The wildcard character * is not allowed in the q parameter.')
        if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 200)
          return restError(c, 400, 12005, "The 'limit' value must be between 1 and 200.")
        const filters = parseBrowseFilter(filter)
        if (typeof filters === 'string') return restError(c, 400, 12023, `The filter '${filters}' is not valid.`)
        const words = (q ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => word.length >= 3)
        const wanted = (name: string, value: string) => !filters.has(name) || filters.get(name)!.includes(value)
        const matches = FAKE_CATEGORIES.flatMap(marketOf).filter(
          (item) =>
            (!categoryIds || categoryIds.split(',').includes(item.categoryId)) &&
            // The stand-in's listings have generic titles: within a category every one matches; without, the words pick the category.
            (categoryIds ||
              words.length === 0 ||
              FAKE_CATEGORIES.find((entry) => entry.id === item.categoryId)!.words.test(q ?? '')) &&
            wanted('buyingOptions', item.buyingOption) &&
            wanted('conditions', item.condition),
        )
        const page = matches.slice(Number(offset), Number(offset) + Number(limit))
        const itemSummaries = page.map((item) => ({
          itemId: item.itemId,
          title: item.title,
          price: { value: item.price.toFixed(2), currency: 'USD' },
          condition: item.condition === 'NEW' ? 'New' : 'Used',
          conditionId: item.condition === 'NEW' ? '1000' : '3000',
          buyingOptions: [item.buyingOption],
          categories: [{ categoryId: item.categoryId }],
          itemWebUrl: `https://www.sandbox.ebay.com/itm/${item.itemId.split('|')[1]}`,
          shippingOptions: [
            item.shipping === null
              ? { shippingCostType: 'CALCULATED' }
              : { shippingCostType: 'FIXED', shippingCost: { value: item.shipping.toFixed(2), currency: 'USD' } },
          ],
        }))
        return c.json({
          href: c.req.url,
          total: matches.length,
          limit: Number(limit),
          offset: Number(offset),
          itemSummaries,
        })
      })
      .post('/commerce/media/v1_beta/image/create_image_from_file', async (c) => {
        const problem = refused(c, SCOPES.inventory)
        if (problem) return problem
        if (!c.req.header('content-type')?.startsWith('multipart/form-data'))
          return restError(c, 400, 190001, "The Content-Type header must be 'multipart/form-data'.")
        const image = (await c.req.formData().catch(() => undefined))?.get('image')
        const bytes = image instanceof File ? new Uint8Array(await image.arrayBuffer()) : undefined
        const isPicture =
          bytes && ((bytes[0] === 0xff && bytes[1] === 0xd8) || (bytes[0] === 0x89 && bytes[1] === 0x50))
        if (!isPicture) return restError(c, 400, 190002, 'The image file is missing or is not a supported format.')
        const id = randomBytes(9).toString('base64url')
        const imageUrl = `https://i.ebayimg.sandbox.ebay.com/images/g/${id}/s-l1600.jpg`
        state.pictures.set(imageUrl, bytes.length)
        c.header('location', `${new URL(c.req.url).origin}/commerce/media/v1_beta/image/${id}`)
        return c.json({ imageUrl, expirationDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString() }, 201)
      })
  )
}
