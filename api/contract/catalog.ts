// The catalog the listings are described in (docs/product.md §12): the categories and their item specifics
// ("aspects") as a listing keeps them, with their limits, and its products by barcode. Which of the listing's own fields
// answers which item specific is catalog-fields.ts. It is eBay's (eBay as a catalog, not as a place to sell; the server
// asks it through catalogAccess): generic code reads it here, never from eBay's wing.
import { CATALOG_MARKETPLACE, MARKETPLACE_PATHS } from './marketplace-paths.ts'

export { CATALOG_MARKETPLACE }
/** What the app calls the catalog in the seller's words ("eBay’s catalog", "23 on eBay now") and the model's. */
export const CATALOG_NAME = MARKETPLACE_PATHS[CATALOG_MARKETPLACE].name

export { ASPECT_NAME_MAX, ASPECT_VALUE_MAX, AspectValuesSchema, CategoryIdSchema } from './ebay/ebay-aspect-values.ts'
export type { CatalogProduct, ProductLookup } from './ebay/ebay-product-lookup.ts'
export {
  CATALOG_GAPS,
  CATALOG_NOT_CONNECTED,
  MARKET_GAP,
  NO_CATALOG_PARTS,
  SPECIFICS_GAP,
  catalogSpecificsOf,
  withCatalogSpecifics,
} from './ebay/ebay-analysis.ts'
export type {
  AspectSuggestion,
  CatalogParts,
  CatalogSpecifics,
  Comparable,
  MarketPrices,
} from './ebay/ebay-analysis.ts'
