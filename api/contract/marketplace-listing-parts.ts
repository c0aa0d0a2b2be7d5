// Every marketplace's part of a listing, read through this one record (issue 48, docs/decisions/0081): the fields it
// adds to the seller's (listing-fields.ts), what the server records for it (listing-record.ts) and what the listing's
// answers say of its place there (listing.ts ListingLife). The listing's declaration spreads these and names no
// marketplace; the input it takes for one is marketplace-listing-input.ts.
// Plain data, no valibot: the service worker reads the listing's fields too.
import {
  EBAY_LISTING_FIELDS,
  EBAY_RECORD_COLUMNS,
  EBAY_TITLE_LIMIT,
  ebayCatalogCategory,
  ebayConditionChosen,
  type EbayLife,
  type EbayRecordState,
} from './ebay/ebay-listing-fields.ts'
import type { EtsyLife } from './etsy/etsy-listing-fields.ts'

/** The shortest of the marketplaces' title limits, which a listing's title keeps to wherever it goes, and whose. */
export const TITLE_LIMIT = EBAY_TITLE_LIMIT

/** Each marketplace's fields among the seller's, in the place the declaration puts them. */
export const MARKETPLACE_LISTING_FIELDS = { ...EBAY_LISTING_FIELDS }

/** What the server records of a listing for each marketplace, and the column of each. */
export type MarketplaceRecordState = EbayRecordState
export const MARKETPLACE_RECORD_COLUMNS = {
  ...EBAY_RECORD_COLUMNS,
} as const satisfies Record<keyof MarketplaceRecordState, string>

/** What a listing's answers say of its place on each marketplace beside its places (api/db/marketplace-life-columns.ts). */
export type MarketplaceLife = EbayLife & EtsyLife

/** Some marketplace's part says the seller chose the listing's condition (for it, or by putting it up there). */
export const conditionChosen = (listing: MarketplaceRecordState & MarketplaceLife) => ebayConditionChosen(listing)

/** The catalog's category a listing keeps (the catalog's marketplace records it), and whether the seller chose it. */
export const catalogCategoryOf = (listing: MarketplaceRecordState) => ebayCatalogCategory(listing)

/** The field of the catalog's product id among the seller's (the product picked for the barcode). */
export const CATALOG_PRODUCT_FIELD = 'ebayProductId' satisfies keyof typeof MARKETPLACE_LISTING_FIELDS
