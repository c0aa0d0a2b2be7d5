// An eBay listing read for an import as the Snaplist listing it becomes (docs/decisions/0037): eBay's title, its
// description as text, its price as the seller's Price, its count, its item specifics in the listing's own fields where
// one answers them (Brand, Size, Color…) and kept as eBay's otherwise, its category kept as eBay's. Snaplist's own
// Category is guessed from eBay's category name ("Other" when nothing says), and Color, which Snaplist requires, is
// eBay's Color when it names one of Snaplist's, else Multi: the seller can change both.
import * as v from 'valibot'
import { ASPECT_NAME_MAX, ASPECT_VALUE_MAX } from '../../contract/ebay/ebay-aspect-values.ts'
import { fieldValueOfAspect, isFieldAspect } from '../../contract/ebay/ebay-aspects.ts'
import { ListingInputSchema, type ListingInput } from '../../contract/listing.ts'
import { TITLE_MAX } from '../../contract/listing-fields.ts'
import { categoryOfName, IMPORTED_DESCRIPTION_MAX, textOfHtml } from '../listings/imported-text.ts'
import type { EbayItem } from './import-read.ts'

const ASPECTS_KEPT = 30

/** The listing's fields for this eBay listing (its photos are Snaplist's copies, given), or why it cannot be one. */
export function listingOfEbayItem(item: EbayItem, images: string[]): ListingInput | { problem: string } {
  const fields: Record<string, string> = {}
  const kept: Record<string, string> = {}
  for (const [name, values] of Object.entries(item.aspects)) {
    const value = values[0]?.trim() ?? ''
    if (!value) continue
    if (isFieldAspect(name)) {
      const field = fieldValueOfAspect(name, value)
      if (field) fields[field.field] = field.value
    } else if (name.length <= ASPECT_NAME_MAX && Object.keys(kept).length < ASPECTS_KEPT)
      kept[name] = value.slice(0, ASPECT_VALUE_MAX)
  }
  const categoryId = item.categoryId && /^\d{1,12}$/.test(item.categoryId) ? item.categoryId : null
  const parsed = v.safeParse(ListingInputSchema, {
    ...fields,
    title: item.title.trim().slice(0, TITLE_MAX),
    description: textOfHtml(item.description).slice(0, IMPORTED_DESCRIPTION_MAX),
    askingPrice: Math.round(item.price * 100) / 100,
    quantity: item.quantity,
    category: categoryOfName(item.categoryName ?? ''),
    color: fields.color ?? 'multi',
    images,
    ebayCategoryId: categoryId,
    ebayCategoryName: categoryId ? (item.categoryName ?? `eBay category ${categoryId}`).slice(0, 200) : null,
    ebayCategoryChosen: categoryId !== null,
    ebayAspects: kept,
  })
  if (parsed.success) return parsed.output
  return { problem: v.summarize(parsed.issues).slice(0, 200) }
}

/** Snaplist's condition for eBay's: new or used. */
export const conditionOf = (item: EbayItem): 'new' | 'used' =>
  /^new/i.test(item.condition ?? '') && !/^new (other|with defects)/i.test(item.condition ?? '') ? 'new' : 'used'
