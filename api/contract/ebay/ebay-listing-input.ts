// What creating a listing takes for eBay beside the seller's fields: the category and item specifics as the analysis
// filled them (docs/product.md §12), so the Post to eBay dialog finds them there and asks only for what the photos
// could not show. Composed into the listing's input through marketplace-listing-input.ts.
import * as v from 'valibot'
import { AspectValuesSchema, CategoryIdSchema } from './ebay-aspect-values.ts'
import { withoutFieldAspects } from './ebay-aspects.ts'

export const EBAY_INPUT_ENTRIES = {
  ebayCategoryId: v.optional(v.nullable(CategoryIdSchema), null),
  ebayCategoryName: v.optional(
    v.nullable(
      v.pipe(
        v.string('The eBay category name must be text'),
        v.trim(),
        v.maxLength(200, 'The eBay category name is too long'),
      ),
    ),
    null,
  ),
  ebayAspects: v.optional(AspectValuesSchema, {}),
  /** The seller chose ebayCategoryId on the form (else it is eBay's suggestion for the analysis's title). */
  ebayCategoryChosen: v.optional(v.boolean('ebayCategoryChosen must be true or false'), false),
}
type EbayInput = v.InferOutput<v.ObjectSchema<typeof EBAY_INPUT_ENTRIES, undefined>>

/** What a draft found in the catalog (eBay's category and item specifics), as the input that creates its listing. */
export const ebayInputOf = (catalog: {
  category: { id: string; name: string } | undefined
  chosen: boolean
  aspects: Record<string, string>
}): EbayInput => ({
  ebayCategoryId: catalog.category?.id ?? null,
  ebayCategoryName: catalog.category?.name ?? null,
  ebayCategoryChosen: catalog.chosen,
  ebayAspects: catalog.aspects,
})

/**
 * The columns a new listing starts with for eBay: a category only with its name; the analysis's values for the aspects
 * the seller's own fields answer are not kept (the fields say them).
 */
export function ebayColumnsOnCreate(input: EbayInput): Record<string, unknown> {
  const category = Boolean(input.ebayCategoryId && input.ebayCategoryName)
  return {
    ebay_category_id: category ? input.ebayCategoryId : null,
    ebay_category_name: category ? input.ebayCategoryName : null,
    ebay_category_chosen: category && input.ebayCategoryChosen,
    ebay_aspects: withoutFieldAspects(input.ebayAspects),
  }
}
