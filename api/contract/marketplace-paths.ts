// What the router and the Dashboard need of the marketplaces, on every page: which there are, their names, the addresses
// of their callback, cancel and manual screens, and the results the callback screen tells the Dashboard. The rest of
// each marketplace's description is in marketplaces.ts, loaded with the screens that use it.
import { EBAY_PATHS } from './ebay/ebay-paths.ts'
import { ETSY_PATHS } from './etsy/etsy-paths.ts'
import { SHOPIFY_PATHS } from './shopify/shopify-paths.ts'

export const PLATFORMS = ['ebay', 'etsy', 'shopify'] as const
export type Platform = (typeof PLATFORMS)[number]

/** The marketplace whose place SPEC's platformListingId, platformStatus and viewUrl speak of (docs/product.md §4). */
export const SPEC_MARKETPLACE: Platform = 'ebay'

/** The marketplace the app uses as its catalog: categories, item specifics, products by barcode, market prices (catalog.ts). */
export const CATALOG_MARKETPLACE: Platform = 'ebay'

/** What the callback screen tells the Dashboard in its address (/?etsy=success, /?ebay=canceled; docs/product.md §2). */
export const MARKETPLACE_RESULTS = ['connected', 'success', 'error', 'canceled'] as const
export type MarketplaceResult = (typeof MARKETPLACE_RESULTS)[number]

/**
 * Each marketplace's screens (docs/product.md §2): the callback addresses (the first is the one to register), cancel
 * and manual, declared in its wing. Part of each marketplace's description (MARKETPLACES in marketplaces.ts).
 */
export const MARKETPLACE_PATHS = {
  ebay: EBAY_PATHS,
  etsy: ETSY_PATHS,
  shopify: SHOPIFY_PATHS,
} as const satisfies Record<
  Platform,
  {
    platform: Platform
    name: string
    /** What the marketplace calls an order, in a sale's label ("… receipt 678"). */
    orderName: string
    /**
     * It ends its listing itself once told its quantity is 0 (eBay), so the sale of the last piece marks its place
     * sold out or ended; another's end is sent to it, and its wing marks the place when done (listing-places.ts).
     */
    endsWhenSoldOut: boolean
    successPaths: readonly [string, ...string[]]
    cancelPaths: readonly string[]
    manualPath: string
  }
>

/** What a screen says when it could not learn whether the marketplace is connected. */
export const statusCheckFailed = (platform: Platform) =>
  `Failed to check ${MARKETPLACE_PATHS[platform].name} connection status`

const AND_LIST = new Intl.ListFormat('en', { type: 'conjunction' })

/** Names in the seller's words: "eBay", "eBay and Etsy", "eBay, Etsy, and Shopify". */
export const namesInWords = (names: readonly string[]) => AND_LIST.format(names)
