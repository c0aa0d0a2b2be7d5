// The catalog the listings are described in (docs/product.md §12): the categories, their item specifics ("aspects")
// and their limits that the analysis fills and the listing keeps, and its products by barcode. It is eBay's (eBay as a catalog, not as a place to
// sell; the server asks it through catalogAccess): generic code reads it here, never from eBay's wing.
export {
  ASPECT_NAME_MAX,
  ASPECT_VALUE_MAX,
  AspectValuesSchema,
  aspectOfField,
  CategoryIdSchema,
  isFieldAspect,
  measurementAspect,
  withoutFieldAspects,
} from './ebay/ebay-aspects.ts'
export type { CatalogProduct, ProductLookup } from './ebay/ebay-product-lookup.ts'
