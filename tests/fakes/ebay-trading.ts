// The eBay stand-in's Trading API (POST /ws/api.dll), for listings sellers made on ebay.com: GetMyeBaySelling's active
// list, GetItem, ReviseInventoryStatus and EndFixedPriceItem, answering in eBay's XML shapes. It refuses what eBay
// refuses: an unknown call name, a missing site id or compatibility level, a missing or dead token in
// X-EBAY-API-IAF-TOKEN, a body that is not XML, whose root is not <CallNameRequest> in eBay's namespace, or that lacks a
// required element. Listings the Inventory API made are in the active list and GetItem too, and Trading will not revise
// or end them (eBay's error 21919474). Read with happy-dom's XML parser, not the app's, so a bug in one is not hidden.
import { Window, type Element } from 'happy-dom'
import { Hono, type Context } from 'hono'
import type { SellState, TradingItem } from './ebay-sell.ts'
import { inventoryOf } from './ebay-sell.ts'

const NAMESPACE = 'urn:ebay:apis:eBLBaseComponents'
const CALLS = ['GetMyeBaySelling', 'GetItem', 'ReviseInventoryStatus', 'EndFixedPriceItem'] as const
type CallName = (typeof CALLS)[number]
const ENTRIES_PER_PAGE_MAX = 200
const window = new Window()

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!)
/** Elements from a value: text, nested elements, or a list (the element repeated). */
type Value = string | number | Value[] | { [name: string]: Value | undefined }
const xml = (name: string, value: Value | undefined): string => {
  if (value === undefined) return ''
  if (Array.isArray(value)) return value.map((entry) => xml(name, entry)).join('')
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([key, entry]) => xml(key, entry))
      .join('')}</${name}>`
  return `<${name}>${escape(String(value))}</${name}>`
}
const money = (name: string, value: number) => `<${name} currencyID="USD">${value.toFixed(2)}</${name}>`

function answer(c: Context, callName: string, body: string): Response {
  const now = new Date().toISOString()
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<${callName}Response xmlns="${NAMESPACE}"><Timestamp>${now}</Timestamp><Ack>Success</Ack><Version>1349</Version><Build>E1349_CORE_API_1</Build>${body}</${callName}Response>`,
    200,
    { 'content-type': 'text/xml;charset=utf-8' },
  )
}

/** eBay's Failure answer (HTTP 200, as eBay sends it). */
function failure(c: Context, callName: string, code: number, message: string, system = false): Response {
  const now = new Date().toISOString()
  const error = `<Errors><ShortMessage>${escape(message.slice(0, 60))}</ShortMessage><LongMessage>${escape(message)}</LongMessage><ErrorCode>${code}</ErrorCode><SeverityCode>Error</SeverityCode><ErrorClassification>${system ? 'SystemError' : 'RequestError'}</ErrorClassification></Errors>`
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<${callName || 'Generic'}Response xmlns="${NAMESPACE}"><Timestamp>${now}</Timestamp><Ack>Failure</Ack>${error}<Version>1349</Version></${callName || 'Generic'}Response>`,
    200,
    { 'content-type': 'text/xml;charset=utf-8' },
  )
}

/** A listing of the seller's as Trading sees it: made on ebay.com, or by the Inventory API (`inventory` true). */
interface Seen {
  item: TradingItem
  inventory: boolean
}

/** Every live listing of the seller, Trading's and the Inventory API's, in the order they were listed. */
function listingsOf(state: SellState, seller: string): Seen[] {
  const inventory = inventoryOf(state, seller)
  const made = [...inventory.offers.values()].flatMap((offer): Seen[] => {
    if (offer.status !== 'PUBLISHED' || !offer.listingId) return []
    const item = inventory.items.get(offer.sku) as {
      product: { title: string; description?: string; imageUrls?: string[]; aspects?: Record<string, string[]> }
      availability: { shipToLocationAvailability: { quantity: number } }
    }
    const price = Number((offer.body.pricingSummary as { price: { value: string } }).price.value)
    const seen: TradingItem = {
      itemId: offer.listingId,
      sku: offer.sku,
      title: item.product.title,
      description: String(offer.body.listingDescription ?? item.product.description ?? ''),
      price,
      quantity: item.availability.shipToLocationAvailability.quantity,
      sold: 0,
      status: 'Active',
      categoryId: String(offer.body.categoryId ?? ''),
      categoryName: '',
      pictures: item.product.imageUrls ?? [],
      specifics: item.product.aspects ?? {},
      condition: 'Used',
    }
    return [{ item: seen, inventory: true }]
  })
  const own = [...(state.trading.get(seller)?.values() ?? [])].map((item) => ({ item, inventory: false }))
  return [...made, ...own]
}

const itemXml = ({ item }: Seen, full: boolean) =>
  `<Item><ItemID>${item.itemId}</ItemID>${item.sku ? xml('SKU', item.sku) : ''}${xml('Title', item.title)}` +
  `<ListingType>${item.kind === 'auction' ? 'Chinese' : 'FixedPriceItem'}</ListingType>${money('StartPrice', item.price)}` +
  `<Quantity>${item.quantity + item.sold}</Quantity><QuantityAvailable>${item.quantity}</QuantityAvailable>` +
  `<SellingStatus>${money('CurrentPrice', item.price)}<QuantitySold>${item.sold}</QuantitySold><ListingStatus>${item.status}</ListingStatus></SellingStatus>` +
  (full
    ? `<Description>${escape(item.description)}</Description>` +
      xml('PrimaryCategory', { CategoryID: item.categoryId, CategoryName: item.categoryName }) +
      xml('PictureDetails', { PictureURL: item.pictures }) +
      xml('ItemSpecifics', {
        NameValueList: Object.entries(item.specifics).map(([Name, Value]) => ({ Name, Value })),
      }) +
      xml('ConditionDisplayName', item.condition) +
      (item.kind === 'variations' ? '<Variations><Variation><SKU>v1</SKU></Variation></Variations>' : '')
    : '') +
  '</Item>'

/** The seller (and scopes) of a live access token, or undefined. */
export type TokenOwner = (token: string) => { scopes: string[]; seller: string } | undefined

export function tradingRoutes(state: SellState, ownerOf: TokenOwner) {
  const text = (root: Element, name: string) => root.getElementsByTagName(name)[0]?.textContent?.trim()

  function call(c: Context, callName: CallName, root: Element, seller: string): Response {
    const mine = listingsOf(state, seller)
    const find = (itemId: string | undefined) => mine.find((seen) => seen.item.itemId === itemId)
    if (callName === 'GetMyeBaySelling') {
      const active = root.getElementsByTagName('ActiveList')[0]
      const perPage = Number(text(active ?? root, 'EntriesPerPage') ?? 25)
      const page = Number(text(active ?? root, 'PageNumber') ?? 1)
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > ENTRIES_PER_PAGE_MAX)
        return failure(c, callName, 20136, `Invalid EntriesPerPage: it must be between 1 and ${ENTRIES_PER_PAGE_MAX}.`)
      if (!Number.isInteger(page) || page < 1) return failure(c, callName, 20137, 'Invalid PageNumber.')
      const wanted = text(active ?? root, 'ListingType')
      const live = mine.filter(
        ({ item }) =>
          item.status === 'Active' &&
          (wanted !== 'FixedPriceItem' || item.kind !== 'auction') &&
          (wanted !== 'Auction' || item.kind === 'auction'),
      )
      const pages = Math.ceil(live.length / perPage)
      const items = live.slice((page - 1) * perPage, page * perPage).map((seen) => itemXml(seen, false))
      return answer(
        c,
        callName,
        `<ActiveList><ItemArray>${items.join('')}</ItemArray><PaginationResult><TotalNumberOfPages>${pages}</TotalNumberOfPages><TotalNumberOfEntries>${live.length}</TotalNumberOfEntries></PaginationResult></ActiveList>`,
      )
    }
    if (callName === 'GetItem') {
      const seen = find(text(root, 'ItemID'))
      if (!seen)
        return failure(
          c,
          callName,
          17,
          'This item cannot be accessed because the listing has been deleted or you are not the seller.',
        )
      return answer(c, callName, itemXml(seen, true))
    }
    if (callName === 'ReviseInventoryStatus') {
      const statuses = [...root.getElementsByTagName('InventoryStatus')]
      if (statuses.length < 1 || statuses.length > 4)
        return failure(c, callName, 21919460, 'Between one and four InventoryStatus containers are allowed.')
      const out: string[] = []
      for (const status of statuses) {
        const seen = find(text(status, 'ItemID'))
        const price = text(status, 'StartPrice')
        const quantity = text(status, 'Quantity')
        if (!seen || seen.item.status !== 'Active')
          return failure(c, callName, 21916333, 'Item not found or not active.')
        if (seen.inventory)
          return failure(
            c,
            callName,
            21919474,
            'This listing was created with the Inventory API: revise it with the Inventory API.',
          )
        if (price === undefined && quantity === undefined)
          return failure(c, callName, 21919461, 'StartPrice or Quantity is required.')
        if (price !== undefined && !(Number(price) > 0)) return failure(c, callName, 21919462, 'Invalid StartPrice.')
        if (quantity !== undefined && !/^\d+$/.test(quantity))
          return failure(c, callName, 21919463, 'Invalid Quantity.')
        if (price !== undefined) seen.item.price = Number(price)
        if (quantity !== undefined) seen.item.quantity = Number(quantity)
        out.push(
          `<InventoryStatus><ItemID>${seen.item.itemId}</ItemID>${money('StartPrice', seen.item.price)}<Quantity>${seen.item.quantity}</Quantity></InventoryStatus>`,
        )
      }
      return answer(c, callName, out.join(''))
    }
    const seen = find(text(root, 'ItemID'))
    if (!text(root, 'EndingReason')) return failure(c, callName, 10, 'EndingReason is required.')
    if (!seen) return failure(c, callName, 17, 'Item not found.')
    if (seen.inventory)
      return failure(
        c,
        callName,
        21919474,
        'This listing was created with the Inventory API: end it with the Inventory API.',
      )
    if (seen.item.status !== 'Active') return failure(c, callName, 1047, 'The auction has already been closed.')
    seen.item.status = 'Completed'
    return answer(c, callName, `<EndTime>${new Date().toISOString()}</EndTime>`)
  }

  return new Hono().post('/ws/api.dll', async (c) => {
    const callName = c.req.header('x-ebay-api-call-name') ?? ''
    if (!CALLS.includes(callName as CallName)) return failure(c, callName, 2, 'Unsupported API call.')
    if (!/^\d+$/.test(c.req.header('x-ebay-api-siteid') ?? ''))
      return failure(c, callName, 10007, 'The X-EBAY-API-SITEID header is missing or invalid.', true)
    if (!/^\d{3,4}$/.test(c.req.header('x-ebay-api-compatibility-level') ?? ''))
      return failure(c, callName, 10008, 'The X-EBAY-API-COMPATIBILITY-LEVEL header is missing or invalid.')
    const token = ownerOf(c.req.header('x-ebay-api-iaf-token') ?? '')
    if (!token?.seller) return failure(c, callName, 21916984, 'Invalid IAF token.')
    if (state.tradingBusyCalls > 0 || state.mode === 'busy') {
      state.tradingBusyCalls = Math.max(0, state.tradingBusyCalls - 1)
      return failure(c, callName, 518, 'Your application has exceeded usage limit on this call.')
    }
    const document = new window.DOMParser().parseFromString(await c.req.text(), 'text/xml')
    const root = document.documentElement
    if (!root || document.getElementsByTagName('parsererror').length) return failure(c, callName, 5, 'XML Parse error.')
    if (root.localName !== `${callName}Request` || root.namespaceURI !== NAMESPACE)
      return failure(c, callName, 5, `The request's root must be <${callName}Request xmlns="${NAMESPACE}">.`)
    return call(c, callName as CallName, root, token.seller)
  })
}
