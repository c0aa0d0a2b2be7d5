// eBay's item specifics ("aspects") as the listing, the analysis and the Post to eBay dialog share them: eBay's limits,
// which of the listing's own fields stands for which aspect, and when eBay takes a value.
import * as v from 'valibot'
import { LISTING_FIELD_ENTRIES, type ListingFieldName } from './listing-fields.ts'
import { labelOf } from './options.ts'

/** The listing's own fields that stand for an eBay item aspect (listing-fields.ts's ebayAspect), as text. */
export type AspectFields = Partial<Record<ListingFieldName, unknown>>

const ASPECT_OF_FIELD: Record<string, (fields: AspectFields) => string> = Object.fromEntries(
  LISTING_FIELD_ENTRIES.flatMap(([name, spec]) => {
    if (spec.ebayAspect === null) return []
    const valueOf = (fields: AspectFields) => {
      const value = fields[name]
      if (value === null || value === undefined) return ''
      return spec.kind === 'choice' ? labelOf(spec.options, String(value)) : String(value)
    }
    return [[spec.ebayAspect, valueOf]]
  }),
)

/**
 * Aspects another field answers under another name: eBay's shoe categories ask for the size as 'US Shoe Size', which
 * the seller's Size is (acceptedAspectValue still takes it only when it is one of eBay's shoe sizes).
 */
const ANSWERED_AS: Record<string, string> = { 'US Shoe Size': 'Size' }

/** What the listing's own field says for this aspect ('' when it has no field for it or the field is blank). */
export const aspectFromFields = (name: string, fields: AspectFields): string => ASPECT_OF_FIELD[ANSWERED_AS[name] ?? name]?.(fields).trim() ?? ''

/**
 * The value in eBay's spelling: free text as given, a list value only when it is one of eBay's (any case); null when
 * eBay would not take it.
 */
export function acceptedAspectValue(value: string, allowedValues: string[]): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  if (allowedValues.length === 0) return trimmed
  return allowedValues.find((allowed) => allowed.toLowerCase() === trimmed.toLowerCase()) ?? null
}

// eBay's limits for item specifics: a name of at most 40 characters, a value of at most 50 (integration-notes §A2).
export const ASPECT_NAME_MAX = 40
export const ASPECT_VALUE_MAX = 50
const ASPECTS_MAX = 30

/** Item specifics by name, each one value (what the dialog sends and the listing keeps). */
export const AspectValuesSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.trim(), v.nonEmpty('A detail needs a name'), v.maxLength(ASPECT_NAME_MAX, `A detail's name must be at most ${ASPECT_NAME_MAX} characters`)),
    v.pipe(v.string('Each detail must be text'), v.trim(), v.maxLength(ASPECT_VALUE_MAX, `Each detail must be at most ${ASPECT_VALUE_MAX} characters (eBay's limit)`)),
  ),
  v.check((aspects) => Object.keys(aspects).length <= ASPECTS_MAX, `Send at most ${ASPECTS_MAX} details`),
)

/** eBay's leaf category ids are digits. */
export const CategoryIdSchema = v.pipe(v.string('Category must be an eBay category id'), v.regex(/^\d{1,12}$/, 'Category must be an eBay category id'))
