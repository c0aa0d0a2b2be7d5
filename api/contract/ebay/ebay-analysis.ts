// eBay's part of a draft's analysis (docs/product.md §12), eBay as a catalog and a market rather than a place to sell:
// the category eBay suggests for the AI's title with its item specifics as the model filled them, and what items like
// it sell for on eBay now (the Browse API). The rest of the app reads it as the catalog's (../catalog.ts); the JSON
// names (`ebay`, its gap code) are the ones phones and the stored analyses already hold.
import type { Provenance } from '../provenance.ts'
/** The error code of a lookup in the catalog that needs the seller's account there first. */
export const CATALOG_NOT_CONNECTED = 'ebay_not_connected'

/** One of eBay's item specifics for the category, as the analysis filled it. */
export interface AspectSuggestion extends Provenance {
  name: string
  /** eBay's spelling; '' when the photos did not show it. */
  value: string
  required: boolean
  /** eBay's values to choose from; empty: free text. */
  allowedValues: string[]
}

/** eBay's category for the item and its item specifics. */
export interface CatalogSpecifics {
  category: { id: string; name: string }
  aspects: AspectSuggestion[]
}

/** A listing for sale on eBay now, like the seller's. */
export interface Comparable {
  title: string
  /** Price plus shipping, in dollars. */
  total: number
  url: string
}

/** Active eBay listings like this item (Browse API): not sold prices, and the screen says so. */
export interface MarketPrices {
  /** How many eBay found in all; 0: none (the prices are then 0 too). */
  count: number
  /** Percentiles 25, 50 and 75 of price plus shipping, in dollars, over the listings read. */
  low: number
  middle: number
  high: number
  /** The three closest matches (eBay's best-match order). */
  closest: Comparable[]
  /** When eBay was asked (ISO time): a cached search may be some hours old. */
  searchedAt: string
}

/** The gap codes of the parts eBay could not give (the client words each). */
export const CATALOG_GAPS = ['ebay_specifics_unavailable', 'market_prices_unavailable'] as const
export const SPECIFICS_GAP = CATALOG_GAPS[0]
export const MARKET_GAP = CATALOG_GAPS[1]

/** What eBay adds to an analysis. */
export interface CatalogParts {
  /** eBay's category and item specifics; null when eBay is not set up on the server or could not be asked. */
  ebay: CatalogSpecifics | null
  /** null when eBay is not set up or could not be asked. */
  market: MarketPrices | null
}

/** The parts of an analysis eBay had no say in. */
export const NO_CATALOG_PARTS: CatalogParts = { ebay: null, market: null }

/** The category and item specifics an analysis found, if any. */
export const catalogSpecificsOf = (parts: Partial<CatalogParts> | undefined): CatalogSpecifics | null =>
  parts?.ebay ?? null

/** An analysis's parts with these specifics. */
export const withCatalogSpecifics = (specifics: CatalogSpecifics | null): Pick<CatalogParts, 'ebay'> => ({
  ebay: specifics,
})
