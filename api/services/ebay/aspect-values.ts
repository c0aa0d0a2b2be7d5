// The item specifics a listing sends to eBay: each aspect's value from what the seller typed, the listing's fields and
// what the listing keeps (docs/decisions/0022), and where what was typed in the dialog is kept afterwards.
import type { EbayAspectRequirement, EbayAspectValue } from '../../contract/ebay-publish.ts'
import type { Listing } from '../../contract/listing.ts'
import {
  acceptedAspectValue,
  aspectFromFields,
  fieldValueOfAspect,
  measurementAspect,
} from '../../contract/ebay/ebay-aspects.ts'
import type { ListingFieldName } from '../../contract/listing-fields.ts'
import type { CategoryAspect } from '../../db/ebay-category-aspects.ts'

export interface ResolvedAspects {
  required: EbayAspectRequirement[]
  /** The aspects with a value that the category does not require: sent too, so the dialog shows them first. */
  others: EbayAspectValue[]
  /** Every aspect with a value, as the inventory item takes them. */
  values: Record<string, string[]>
}

/**
 * Each aspect's value: typed in the dialog, else the listing's own field (Brand, Size…) when it answers the aspect,
 * else a clothing measurement that answers it (Inseam, Waist Size…, docs/decisions/0047), else the value the listing
 * keeps: the analysis's for the aspects no field answers, the one typed in the dialog when posting before for those
 * the field cannot say in eBay's words. A kept value for a field's aspect goes when the
 * seller clears the field (docs/decisions/0022), so what the seller sees on the listing is what eBay gets.
 */
export function resolveAspects(
  listing: Listing,
  typed: Record<string, string>,
  kept: Record<string, string>,
  catalog: CategoryAspect[],
): ResolvedAspects {
  const resolved = catalog.map((aspect) => {
    const candidates = [
      typed[aspect.name],
      aspectFromFields(aspect.name, listing),
      measurementAspect(aspect.name, listing),
      kept[aspect.name],
    ]
    const value = candidates.reduce<string | null>(
      (found, candidate) => found ?? (candidate ? acceptedAspectValue(candidate, aspect.allowedValues) : null),
      null,
    )
    return { aspect, value }
  })
  return {
    required: resolved
      .filter(({ aspect }) => aspect.required)
      .map(({ aspect, value }) => ({ name: aspect.name, value, allowedValues: aspect.allowedValues })),
    others: resolved.flatMap(({ aspect, value }) =>
      aspect.required || value === null ? [] : [{ name: aspect.name, value }],
    ),
    values: Object.fromEntries(
      resolved.flatMap(({ aspect, value }) => (value === null ? [] : [[aspect.name, [value]]])),
    ),
  }
}

/**
 * Where what the seller typed in the dialog is kept, in eBay's spelling: in the listing's own field when one answers
 * the aspect and can hold the value (so the listing shows what eBay got), else with the listing's item specifics.
 */
export function keepTyped(typed: Record<string, string>, sent: Record<string, string[]>) {
  const fields: Partial<Record<ListingFieldName, string>> = {}
  const kept: Record<string, string> = {}
  for (const name of Object.keys(typed)) {
    const value = sent[name]?.[0]
    if (!value) continue
    const field = fieldValueOfAspect(name, value)
    if (field) fields[field.field] = field.value
    else kept[name] = value
  }
  return { fields, kept }
}
