// Reading a seller's live eBay listings for an import (docs/decisions/0037), a page at a time: those made with the
// Inventory API from getInventoryItems and each SKU's getOffers, those made on ebay.com from the Trading API's
// GetMyeBaySelling active list and each item's GetItem. Both end as one EbayItem, what the import makes a listing of.
import * as v from 'valibot'
import { INVENTORY, readReply, type EbaySellClient } from './sell-api.ts'
import { child, childrenNamed, textAt, type XmlElement } from './trading-xml.ts'
import type { TradingClient } from './trading-api.ts'

/** A live fixed-price eBay listing, as the import reads it. */
export interface EbayItem {
  source: 'inventory' | 'trading'
  /** eBay's listing (legacy item) id. */
  itemId: string
  sku: string | null
  offerId: string | null
  title: string
  /** eBay's description: HTML as the seller wrote it. */
  description: string
  price: number
  quantity: number
  categoryId: string | null
  categoryName: string | null
  aspects: Record<string, string[]>
  pictureUrls: string[]
  /** eBay's condition (NEW, USED_EXCELLENT… or the Trading condition's name). */
  condition: string | null
}

/** A page read, each listing brought as soon as it is read: how many could not be (variations…), and the next page. */
export interface ItemsPage {
  skipped: number
  next: number | null
}

/** Makes the listing of one eBay item (import.ts); answers whether it could be brought. */
export type Bring = (item: EbayItem) => Promise<boolean>

export const INVENTORY_PAGE = 100
export const TRADING_PAGE = 200

const InventoryItemsSchema = v.object({
  total: v.optional(v.number(), 0),
  inventoryItems: v.optional(
    v.array(
      v.object({
        sku: v.string(),
        condition: v.optional(v.string()),
        product: v.optional(
          v.object({
            title: v.optional(v.string(), ''),
            description: v.optional(v.string(), ''),
            aspects: v.optional(v.record(v.string(), v.array(v.string())), {}),
            imageUrls: v.optional(v.array(v.string()), []),
          }),
          {},
        ),
      }),
    ),
    [],
  ),
})

const OffersSchema = v.object({
  offers: v.optional(
    v.array(
      v.object({
        offerId: v.optional(v.string()),
        format: v.optional(v.string()),
        marketplaceId: v.optional(v.string()),
        status: v.optional(v.string()),
        categoryId: v.optional(v.string()),
        availableQuantity: v.optional(v.number()),
        listingDescription: v.optional(v.string()),
        pricingSummary: v.optional(v.object({ price: v.optional(v.object({ value: v.string() })) })),
        listing: v.optional(v.object({ listingId: v.optional(v.string()), listingStatus: v.optional(v.string()) })),
      }),
    ),
    [],
  ),
})

/** One eBay call, paced and waited out when busy (import.ts gives it). */
export type Paced = <T>(call: () => Promise<T>) => Promise<T>

export interface ImportReader {
  /**
   * A page of the seller's inventory items from `offset`, each with its live offer, brought one by one; a SKU the
   * seller has on Snaplist already (`skusHere`: imported, or published from Snaplist) costs no offer call.
   */
  inventoryPage(
    token: string,
    offset: number,
    skusHere: (skus: string[]) => Promise<Set<string>>,
    bring: Bring,
  ): Promise<ItemsPage>
  /** How many active fixed-price listings the seller has on eBay. */
  countActive(token: string): Promise<number>
  /**
   * A page of the active list: each item not here yet (`here` answers which are: imported already, or Inventory API
   * listings the first phase brought) read with GetItem.
   */
  tradingPage(
    token: string,
    page: number,
    here: (itemIds: string[]) => Promise<Set<string>>,
    bring: Bring,
  ): Promise<ItemsPage>
}

export function createImportReader(sell: EbaySellClient, trading: TradingClient, paced: Paced): ImportReader {
  /** The live US fixed-price offer of a SKU, or undefined (not published, an auction, another site). */
  async function liveOffer(token: string, sku: string) {
    const reply = await paced(() =>
      sell.send(token, {
        method: 'GET',
        path: `${INVENTORY}/offer?sku=${encodeURIComponent(sku)}&marketplace_id=EBAY_US&format=FIXED_PRICE`,
        accept: [404],
      }),
    )
    if (reply.status === 404) return undefined
    return readReply(OffersSchema, reply).offers.find(
      (offer) => offer.status === 'PUBLISHED' && offer.format === 'FIXED_PRICE' && offer.listing?.listingId,
    )
  }

  async function inventoryPage(
    token: string,
    offset: number,
    skusHere: (skus: string[]) => Promise<Set<string>>,
    bring: Bring,
  ): Promise<ItemsPage> {
    const reply = await paced(() =>
      sell.send(token, { method: 'GET', path: `${INVENTORY}/inventory_item?limit=${INVENTORY_PAGE}&offset=${offset}` }),
    )
    const page = readReply(InventoryItemsSchema, reply)
    let skipped = 0
    const known = await skusHere(page.inventoryItems.map((item) => item.sku))
    for (const item of page.inventoryItems.filter((entry) => !known.has(entry.sku))) {
      const offer = await liveOffer(token, item.sku)
      const price = Number(offer?.pricingSummary?.price?.value)
      // An item not listed (no live offer) is not something the seller sells on eBay now: nothing to bring.
      if (!offer || !Number.isFinite(price)) continue
      const brought = await bring({
        source: 'inventory',
        itemId: offer.listing!.listingId!,
        sku: item.sku,
        offerId: offer.offerId ?? null,
        title: item.product.title,
        description: offer.listingDescription ?? item.product.description,
        price,
        quantity: offer.availableQuantity ?? 1,
        categoryId: offer.categoryId ?? null,
        categoryName: null,
        aspects: item.product.aspects,
        pictureUrls: item.product.imageUrls,
        condition: item.condition ?? null,
      })
      if (!brought) skipped += 1
    }
    const next = offset + INVENTORY_PAGE
    return { skipped, next: page.inventoryItems.length === INVENTORY_PAGE && next < page.total ? next : null }
  }

  /** GetMyeBaySelling's active fixed-price list, one page. */
  const activeList = (token: string, page: number, perPage: number) =>
    paced(() =>
      trading.call(token, 'GetMyeBaySelling', {
        ActiveList: {
          Include: true,
          ListingType: 'FixedPriceItem',
          Pagination: { EntriesPerPage: perPage, PageNumber: page },
        },
        DetailLevel: 'ReturnAll',
      }),
    )

  async function countActive(token: string): Promise<number> {
    const answer = await activeList(token, 1, 1)
    return Number(textAt(answer, 'ActiveList', 'PaginationResult', 'TotalNumberOfEntries') ?? 0)
  }

  /** One item as GetItem describes it; undefined for what is not a single fixed-price listing live now. */
  async function tradingItem(token: string, itemId: string): Promise<EbayItem | undefined> {
    const answer = await paced(() =>
      trading.call(token, 'GetItem', { ItemID: itemId, DetailLevel: 'ReturnAll', IncludeItemSpecifics: true }),
    )
    const item = child(answer, 'Item')
    if (textAt(item, 'ListingType') !== 'FixedPriceItem' || child(item, 'Variations')) return undefined
    if (textAt(item, 'SellingStatus', 'ListingStatus') !== 'Active') return undefined
    const sold = Number(textAt(item, 'SellingStatus', 'QuantitySold') ?? 0)
    const price = Number(textAt(item, 'StartPrice') ?? textAt(item, 'SellingStatus', 'CurrentPrice'))
    if (!Number.isFinite(price)) return undefined
    return {
      source: 'trading',
      itemId,
      sku: textAt(item, 'SKU') || null,
      offerId: null,
      title: textAt(item, 'Title') ?? '',
      description: textAt(item, 'Description') ?? '',
      price,
      quantity: Math.max(Number(textAt(item, 'Quantity') ?? 1) - sold, 0),
      categoryId: textAt(item, 'PrimaryCategory', 'CategoryID') ?? null,
      categoryName: textAt(item, 'PrimaryCategory', 'CategoryName') ?? null,
      aspects: specificsOf(child(item, 'ItemSpecifics')),
      pictureUrls: childrenNamed(child(item, 'PictureDetails'), 'PictureURL').map((url) => url.text.trim()),
      condition: textAt(item, 'ConditionDisplayName') ?? null,
    }
  }

  async function tradingPage(
    token: string,
    page: number,
    here: (itemIds: string[]) => Promise<Set<string>>,
    bring: Bring,
  ): Promise<ItemsPage> {
    const answer = await activeList(token, page, TRADING_PAGE)
    const itemIds = childrenNamed(child(answer, 'ActiveList', 'ItemArray'), 'Item').flatMap((item) => {
      const id = textAt(item, 'ItemID')
      return id ? [id] : []
    })
    const known = await here(itemIds)
    let skipped = 0
    for (const itemId of itemIds.filter((id) => !known.has(id))) {
      const item = await tradingItem(token, itemId)
      if (!item || item.quantity < 1 || !(await bring(item))) skipped += 1
    }
    const pages = Number(textAt(answer, 'ActiveList', 'PaginationResult', 'TotalNumberOfPages') ?? 0)
    return { skipped, next: page < pages ? page + 1 : null }
  }

  return { inventoryPage, countActive, tradingPage }
}

/** ItemSpecifics' NameValueList entries as a name → values record. */
function specificsOf(specifics: XmlElement | undefined): Record<string, string[]> {
  const aspects: Record<string, string[]> = {}
  for (const entry of childrenNamed(specifics, 'NameValueList')) {
    const name = textAt(entry, 'Name')
    const values = childrenNamed(entry, 'Value').map((value) => value.text.trim())
    if (name && values.length) aspects[name] = values
  }
  return aspects
}
