// Every marketplace's part of the input that creates a listing (issue 48, docs/decisions/0081): what the analysis
// filled for it (listing.ts spreads the entries) and the columns a new listing starts with from them
// (api/db/listings.ts). The seller edits none of it on the form: it is the marketplace's to ask for when posting.
import type * as v from 'valibot'
import { EBAY_INPUT_ENTRIES, ebayColumnsOnCreate, ebayInputOf } from './ebay/ebay-listing-input.ts'

export const MARKETPLACE_INPUT_ENTRIES = { ...EBAY_INPUT_ENTRIES }
export type MarketplaceInput = v.InferOutput<v.ObjectSchema<typeof MARKETPLACE_INPUT_ENTRIES, undefined>>

/** The marketplaces' columns of a new listing, by column name. */
export const marketplaceColumnsOnCreate = (input: MarketplaceInput): Record<string, unknown> => ({
  ...ebayColumnsOnCreate(input),
})

/** What a draft found in the catalog (its category, whether the seller chose it, item specifics), as the input's parts. */
export const inputFromCatalog = (catalog: Parameters<typeof ebayInputOf>[0]): MarketplaceInput => ({
  ...ebayInputOf(catalog),
})
