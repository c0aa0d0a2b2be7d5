// What fills a draft's fields besides the seller's typing: an analysis's suggestions (into the draft on the phone, or
// late into the listing it became) and a listing's own values (an edit of it). Pure: the store's writes use these.
import * as v from 'valibot'
import { storedSuggestions, type DraftAnalysis } from '../../api/contract/analysis.ts'
import { catalogSpecificsOf } from '../../api/contract/catalog.ts'
import { ESTIMATED_FIELDS, LISTING_FIELD_ENTRIES } from '../../api/contract/listing-fields.ts'
import { AI_FIELDS, FILLABLE_FIELDS, suggestionAsText } from '../../api/contract/listing-suggestion.ts'
import { ListingFillSchema, type Listing, type ListingFill } from '../../api/contract/listing.ts'
import { MEASUREMENT_FIELDS } from '../../api/contract/measurements.ts'
import type { Draft, DraftField, DraftFields } from './db.ts'

/** Which form field each part of an analysis fills (listing-fields.ts); empty suggestions fill nothing. */
export function suggestedFields(result: DraftAnalysis): Partial<DraftFields> {
  const values: Partial<DraftFields> = Object.fromEntries(
    AI_FIELDS.map(({ field, suggestion }) => [field, suggestionAsText(result[suggestion])]),
  )
  // A used item sells near the median used price, not the retail price: the seller's Price starts there.
  values.askingPrice = values.medianUsedPrice
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<DraftFields>
}

const MEASURED: DraftField[] = ['measurementUnit', ...MEASUREMENT_FIELDS]

/**
 * The AI's measurements and their unit go together: once the seller has measured or chosen a unit (`own` says which
 * fields are theirs), none of them fill, so a reading in centimetres never lands beside the seller's inches.
 */
export const measurementsOwned = (own: (field: DraftField) => boolean): DraftField[] =>
  MEASURED.some(own) ? MEASURED : []

/** The key a guessed item specific is marked under, beside the fields' own names. */
export const aspectGuessKey = (name: string) => `aspect:${name}`

/** The fields the catalog's category is suggested for (docs/decisions/0022). */
export const SUGGESTED_FROM: DraftField[] = ['title', 'category']

/** What a draft forgets with its catalog category: the item specifics were that category's. */
export const FORGET_CATEGORY = { catalogCategory: undefined, aspects: {}, editedAspects: [] } satisfies Partial<Draft>

/**
 * What an analysis fills beyond the form's fields, for a draft as it stands: the catalog's category, the item specifics the
 * seller has not typed into, and which of the values filled now were only guessed.
 */
export function specificsOf(
  draft: Draft,
  result: DraftAnalysis,
  filledFields: DraftField[],
): Pick<Draft, 'catalogCategory' | 'aspects' | 'guesses'> {
  // The catalog suggested the category for the AI's title and Category: not for the seller's own, nor over the seller's
  // choice; its item specifics go with it.
  const specifics = catalogSpecificsOf(result)
  const forThisDraft =
    specifics !== null && !draft.catalogCategoryChosen && !SUGGESTED_FROM.some((field) => draft.edited.includes(field))
  const editedAspects = draft.editedAspects ?? []
  const filledAspects = forThisDraft
    ? (specifics?.aspects ?? []).filter((aspect) => aspect.value && !editedAspects.includes(aspect.name))
    : []
  const aspects = {
    ...draft.aspects,
    ...Object.fromEntries(filledAspects.map((aspect) => [aspect.name, aspect.value])),
  }
  const guessedFacts = [
    ...(['brand', 'size'] as const).filter(
      (field) => filledFields.includes(field) && result.facts?.[field].seen === false,
    ),
    // The parcel is only ever the AI's estimate from the item: always a guess to check.
    ...ESTIMATED_FIELDS.filter((field) => filledFields.includes(field)),
  ]
  const guessedAspects = filledAspects.filter((aspect) => !aspect.seen).map((aspect) => aspectGuessKey(aspect.name))
  // What was filled now replaces its old mark; marks on values this analysis left alone stay.
  const refilled = new Set<string>([...filledFields, ...filledAspects.map((aspect) => aspectGuessKey(aspect.name))])
  const guesses = [...(draft.guesses ?? []).filter((key) => !refilled.has(key)), ...guessedFacts, ...guessedAspects]
  return { ...(forThisDraft ? { catalogCategory: specifics!.category } : {}), aspects, guesses }
}

/** The parcel's fields, whose 0 is their fallback: not weighed or measured yet, shown blank as on a new listing. */
const UNMEASURED_AT_ZERO: ReadonlySet<string> = new Set(ESTIMATED_FIELDS)

/** A listing's values as the form holds them (text, as if typed), for an edit of it. */
export function fieldsOfListing(listing: Listing): DraftFields {
  const asTyped = (field: string, value: unknown) =>
    value === null || value === undefined || (value === 0 && UNMEASURED_AT_ZERO.has(field))
      ? ''
      : Array.isArray(value)
        ? value.join(', ')
        : String(value)
  return Object.fromEntries(
    LISTING_FIELD_ENTRIES.map(([field]) => [field, asTyped(field, listing[field])]),
  ) as DraftFields
}

/** A form field the seller left as it started: blank, or a price of 0. */
const isBlank = (value: string | undefined) => value === undefined || value.trim() === '' || value.trim() === '0'

/**
 * What late suggestions may fill on the listing the draft became: fields the draft sent blank. The server fills only
 * those still empty there, so a change made on the Dashboard meanwhile stays too.
 */
export function lateFill(draft: Draft, result: DraftAnalysis): ListingFill {
  const suggested = suggestedFields(result)
  const measured = measurementsOwned((field) => !isBlank(draft.fields[field]))
  const fill = Object.fromEntries(
    FILLABLE_FIELDS.flatMap((field): [string, unknown][] => {
      if (field === 'aiSuggestions') return [[field, storedSuggestions(result)]]
      const value = suggested[field]
      return value !== undefined && isBlank(draft.fields[field]) && !measured.includes(field) ? [[field, value]] : []
    }),
  )
  return v.parse(ListingFillSchema, fill)
}
