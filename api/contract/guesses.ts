// What Snaplist only guessed on a listing and the seller has not checked (issue 47, docs/decisions/0057): the AI's
// estimates (the parcel, a brand it did not read in a photo) and, on a listing the AI made, its condition, which nobody
// chose. Kept on the listing, so a bulk post holds back what would go to a marketplace unchecked; a value the seller
// changes, or says is right, is theirs and no longer a guess.
import * as v from 'valibot'
import { LISTING_FIELDS, type ListingFieldName } from './listing-fields.ts'

/** The condition of a listing the AI made: Snaplist's "used" until the seller chooses one of the marketplace's. */
export const GUESSED_CONDITION = 'condition'
export type Guess = ListingFieldName | typeof GUESSED_CONDITION

const GUESSES = [...(Object.keys(LISTING_FIELDS) as ListingFieldName[]), GUESSED_CONDITION] as const

/** A draft's guess mark that names a listing field (its others name catalog item specifics, 'aspect:<name>'). */
export const isListingGuess = (mark: string): mark is Guess => (GUESSES as readonly string[]).includes(mark)

/** The guesses a listing is made with: the draft's marks, each once. */
export const GuessesSchema = v.pipe(
  v.array(v.picklist(GUESSES, 'Each guess must name one of the listing’s fields')),
  v.maxLength(GUESSES.length, 'Too many guesses'),
  v.transform((guesses) => [...new Set(guesses)]),
)

/** The parcel a marketplace's calculated shipping prices the postage by. */
export const PARCEL_FIELDS = ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight'] as const

/** The guesses a marketplace would receive as facts: a bulk post holds a listing with any until the seller looks. */
export const CHECKED_GUESSES = [...PARCEL_FIELDS, GUESSED_CONDITION] as const
export type CheckedGuess = (typeof CHECKED_GUESSES)[number]

/** A listing's guesses a marketplace would take as fact (none for one a phone kept from before there were guesses). */
export const checkedGuessesOf = (listing: { guesses?: readonly string[] | undefined }): CheckedGuess[] =>
  CHECKED_GUESSES.filter((guess) => listing.guesses?.includes(guess))

type Parcel = Record<(typeof PARCEL_FIELDS)[number], number>

/** The parcel as a seller reads it: "24 oz, 13×10×2 in" (a measure not given is "?"). */
export function parcelText(parcel: Parcel): string {
  const given = (value: number) => (value > 0 ? String(value) : '?')
  const size = [parcel.packageLength, parcel.packageWidth, parcel.packageHeight].map(given).join('×')
  return `${given(parcel.packageWeightOz)} oz, ${size} in`
}

/** Whether any of the parcel's fields is a guess. */
export const parcelGuessed = (guesses: readonly string[] | undefined) =>
  PARCEL_FIELDS.some((field) => guesses?.includes(field))

/** POST /api/listings/{id}/guesses-checked: the seller looked at these guesses, as a bulk post's check showed them. */
export const GuessesCheckedSchema = v.object({
  guesses: v.pipe(
    v.array(v.picklist(CHECKED_GUESSES, 'Each guess must be the parcel’s or the condition')),
    v.minLength(1, 'Name at least one guess'),
    v.maxLength(CHECKED_GUESSES.length, 'Too many guesses'),
  ),
})
export type GuessesChecked = v.InferOutput<typeof GuessesCheckedSchema>

/** A listing's guesses once an edit has given these values: a field the seller changed is theirs. */
export function guessesAfterEdit(
  guesses: readonly string[],
  before: Partial<Record<ListingFieldName, unknown>>,
  after: Partial<Record<ListingFieldName, unknown>>,
): string[] {
  return guesses.filter(
    (guess) =>
      guess === GUESSED_CONDITION ||
      String(before[guess as ListingFieldName]) === String(after[guess as ListingFieldName]),
  )
}
