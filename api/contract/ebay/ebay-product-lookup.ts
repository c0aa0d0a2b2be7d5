// GET /api/product-lookup?gtin=<code> (issue 33, docs/decisions/0046): the products eBay's catalog knows for a barcode,
// each with what fills a listing (title, brand, eBay's category and item specifics, the product's id), eBay's stock
// photo (offered, never used unasked), and the market for the code: what the same product sells for on eBay now. The
// rest of the app reads it as the catalog's (../catalog.ts).
import * as v from 'valibot'
import type { MarketPrices } from './ebay-analysis.ts'
import { GTIN_MESSAGE, normalizedGtin } from '../gtin.ts'

const GtinSchema = v.pipe(
  v.string(GTIN_MESSAGE),
  v.transform((typed) => normalizedGtin(typed) ?? ''),
  v.nonEmpty(GTIN_MESSAGE),
)

export const ProductLookupQuerySchema = v.object({ gtin: GtinSchema })

/** POST /api/product-lookup/stock-photo: eBay's stock photo of one of the code's products, as the seller's photo. */
export const StockPhotoInputSchema = v.object({
  gtin: GtinSchema,
  epid: v.pipe(v.string('Choose one of eBay’s products'), v.regex(/^\d{1,20}$/, 'Choose one of eBay’s products')),
})

/** A catalog product the barcode names. */
export interface CatalogProduct {
  /** eBay's product id (ePID). */
  epid: string
  title: string
  brand: string
  /** eBay's leaf category for it, with its name; null when eBay's catalog gives none. */
  category: { id: string; name: string } | null
  /** The item specifics eBay knows, in eBay's spelling, one value each (the first eBay gives). */
  aspects: Record<string, string>
  /** eBay's stock photo of the product, when it has one. */
  stockPhotoUrl: string | null
}

export interface ProductLookup {
  gtin: string
  /** Several: the seller picks. None: the photos' analysis fills the listing, as without a barcode. */
  products: CatalogProduct[]
  /** The same code for sale on eBay now (count 0: none); null when eBay's market could not be asked. */
  market: MarketPrices | null
}

/** At most this many products are read in full for one code: more is a code the seller must narrow by looking. */
export const MAX_CATALOG_PRODUCTS = 5
