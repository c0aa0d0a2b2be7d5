// What a product from the catalog fills on a draft (docs/decisions/0046): pure, as draft-fills.ts is for the AI. The
// catalog knows the product for certain where the AI guesses from photos, so its values go over the AI's; never over
// what the seller typed.
import * as v from 'valibot'
import { gtinKind } from '../../api/contract/gtin.ts'
import { FIELD_SCHEMAS } from '../../api/contract/listing-field-schemas.ts'
import { LISTING_FIELD_ENTRIES, titleWithinLimit } from '../../api/contract/listing-fields.ts'
import { CATALOG_PRODUCT_FIELD } from '../../api/contract/marketplace-listing-parts.ts'
import type { CatalogProduct, ProductLookup } from '../../api/contract/catalog.ts'
import { aspectOfField } from '../../api/contract/catalog-fields.ts'
import type { Draft, DraftField, DraftFields } from './db.ts'
import { aspectGuessKey } from './draft-fills.ts'

/** A book: its code is an ISBN, or the catalog files the product under Books (decision 0059). */
export const isBook = (product: CatalogProduct, code: string | undefined) =>
  (code !== undefined && gtinKind(code) === 'isbn') || /\bbooks?\b/i.test(product.category?.name ?? '')

/** The text fields that answer a catalog item specific (a book's Author, Format…), as the catalog gives them, if valid. */
function fieldsOfAspects(aspects: Record<string, string>): Partial<DraftFields> {
  return Object.fromEntries(
    LISTING_FIELD_ENTRIES.flatMap(([field, spec]) => {
      const aspect = spec.kind === 'text' ? aspectOfField(field) : undefined
      const value = aspect ? aspects[aspect]?.trim() : undefined
      return value && v.is(FIELD_SCHEMAS[field], value) ? [[field, value]] : []
    }),
  )
}

/** The form's values the product (and the market for its code) give. */
export function catalogFields(product: CatalogProduct, market: ProductLookup['market'] | undefined, code?: string) {
  const values: Partial<DraftFields> = {
    ...fieldsOfAspects(product.aspects),
    title: titleWithinLimit(product.title),
    [CATALOG_PRODUCT_FIELD]: product.epid,
  }
  // A book shows a book's fields (author, format…), not clothing's.
  if (isBook(product, code)) values.category = 'books'
  if (product.brand) values.brand = product.brand
  if (market && market.count > 0) {
    // The same product on the catalog's market now: a used one sells near the middle of them.
    values.medianUsedPrice = String(Math.round(market.middle))
    values.askingPrice = market.middle.toFixed(2)
  }
  return values
}

/** The draft's changes when the product fills it: the fields and item specifics the seller has not made their own. */
export function filledByProduct(
  draft: Draft,
  product: CatalogProduct,
  market: ProductLookup['market'] | undefined,
): Partial<Draft> {
  const filled = Object.entries(catalogFields(product, market, draft.barcode?.code)).filter(
    ([field]) => !draft.edited.includes(field as DraftField),
  )
  const filledNames = filled.map(([field]) => field as DraftField)
  const editedAspects = draft.editedAspects ?? []
  const aspects = Object.entries(product.aspects).filter(([name]) => !editedAspects.includes(name))
  const replaced = new Set<string>([...filledNames, ...aspects.map(([name]) => aspectGuessKey(name))])
  // The catalog's category for the product is its own, kept like a category the seller chose, unless the seller chose one
  // (a category an earlier pick of the catalog's set is the catalog's to change).
  const picked = draft.barcode?.picked?.category
  const catalogs = picked !== undefined && picked !== null && draft.catalogCategory?.id === picked.id
  const category =
    product.category && (!draft.catalogCategoryChosen || catalogs)
      ? { catalogCategory: product.category, catalogCategoryChosen: true, aspects: Object.fromEntries(aspects) }
      : { aspects: { ...draft.aspects, ...Object.fromEntries(aspects) } }
  return {
    fields: { ...draft.fields, ...Object.fromEntries(filled) },
    catalogFilled: [...new Set([...(draft.catalogFilled ?? []), ...filledNames])],
    aiFilled: draft.aiFilled.filter((field) => !filledNames.includes(field)),
    guesses: (draft.guesses ?? []).filter((key) => !replaced.has(key)),
    ...category,
  }
}
