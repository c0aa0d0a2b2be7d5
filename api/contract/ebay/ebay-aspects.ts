// eBay's item specifics ("aspects") as the listing, the analysis and the Post to eBay dialog share them (their limits
// and schemas in ebay-aspect-values.ts): which of the listing's own fields (and measurements) answers which aspect, and when eBay takes a value. The rest of
// the app reaches them through the catalog (../catalog.ts).
import type { ListingFieldSpec } from '../listing-field-specs.ts'
import { LISTING_FIELDS, type ListingFieldName } from '../listing-fields.ts'
import {
  givenMeasurements,
  listedMeasurement,
  measurementUnitOf,
  roundTheBody,
  type MeasuredFields,
  type MeasurementField,
} from '../measurements.ts'
import { labelOf } from '../options.ts'

/** The item specific each of the listing's own fields answers (a choice sends its label), in the fields' order. */
const FIELD_ASPECTS = {
  color: 'Color',
  brand: 'Brand',
  size: 'Size',
  type: 'Type',
  sizeType: 'Size Type',
  department: 'Department',
  // A book's own details (docs/decisions/0059): eBay's catalog fills them for an ISBN.
  author: 'Author',
  bookFormat: 'Format',
  publisher: 'Publisher',
  publicationYear: 'Publication Year',
} as const satisfies Partial<Record<ListingFieldName, string>>
type AspectField = keyof typeof FIELD_ASPECTS

/** Each listing field with the item specific it answers. */
export const FIELD_ASPECT_ENTRIES = Object.entries(FIELD_ASPECTS) as [AspectField, string][]

/** The item specific a listing field answers, if any. */
export const aspectOfField = (field: ListingFieldName): string | undefined =>
  FIELD_ASPECTS[field as AspectField] as string | undefined

/** The eBay item specifics the listing's own fields answer. */
export const LISTING_ASPECT_NAMES: string[] = Object.values(FIELD_ASPECTS)

/** The listing's own fields that stand for an eBay item aspect (FIELD_ASPECTS), as text. */
export type AspectFields = Partial<Record<ListingFieldName, unknown>>

const ASPECT_OF_FIELD: Record<string, (fields: AspectFields) => string> = Object.fromEntries(
  FIELD_ASPECT_ENTRIES.map(([name, aspect]) => {
    const spec = LISTING_FIELDS[name]
    const valueOf = (fields: AspectFields) => {
      const value = fields[name]
      if (value === null || value === undefined) return ''
      return spec.kind === 'choice' ? labelOf(spec.options, String(value)) : String(value)
    }
    return [aspect, valueOf]
  }),
)

/**
 * Aspects another field answers under another name: eBay's shoe categories ask for the size as 'US Shoe Size', which
 * the seller's Size is (acceptedAspectValue still takes it only when it is one of eBay's shoe sizes).
 */
const ANSWERED_AS: Record<string, string> = { 'US Shoe Size': 'Size' }

/** What the listing's own field says for this aspect ('' when it has no field for it or the field is blank). */
export const aspectFromFields = (name: string, fields: AspectFields): string =>
  ASPECT_OF_FIELD[ANSWERED_AS[name] ?? name]?.(fields).trim() ?? ''

/** Whether one of the listing's own fields answers this aspect: then that field alone decides it (docs/decisions/0022). */
export const isFieldAspect = (name: string) => LISTING_ASPECT_NAMES.includes(name)

/** The listing's field that answers this aspect, if any. */
export const fieldOfAspect = (name: string): ListingFieldName | undefined =>
  FIELD_ASPECT_ENTRIES.find(([, aspect]) => aspect === name)?.[0]

/** The item specifics kept on a listing without those its own fields answer. */
export const withoutFieldAspects = (aspects: Record<string, string>) =>
  Object.fromEntries(Object.entries(aspects).filter(([name]) => !isFieldAspect(name)))

/**
 * The item specific eBay's clothing categories name for a measurement (Men's Jeans' Inseam and Waist Size, Dress
 * Shirts' Sleeve Length, T-Shirts' Chest Size), and whether eBay's value is round the body (twice the flat
 * measurement: Chest Size is twice pit to pit). Sent only where the category has the aspect and eBay takes the value
 * (aspect-values.ts).
 */
const MEASUREMENT_ASPECTS: Partial<Record<MeasurementField, { name: string; round?: true }>> = {
  pitToPit: { name: 'Chest Size', round: true },
  sleeve: { name: 'Sleeve Length' },
  waist: { name: 'Waist Size', round: true },
  inseam: { name: 'Inseam' },
}

/** The item specifics a measurement answers: eBay's category lists them, and publishing keeps them to send. */
export const MEASUREMENT_ASPECT_NAMES = Object.values(MEASUREMENT_ASPECTS).map((aspect) => aspect.name)

/** The value of one of eBay's measurement aspects, in eBay's spelling ('32 in'); '' when no measurement answers it. */
export function measurementAspect(name: string, fields: MeasuredFields): string {
  const unit = measurementUnitOf(fields)
  for (const { field, value } of givenMeasurements(fields)) {
    const aspect = MEASUREMENT_ASPECTS[field]
    if (aspect?.name !== name) continue
    return `${aspect.round ? roundTheBody(value) : listedMeasurement(field, value)} ${unit}`
  }
  return ''
}

// "Adult Unisex" and eBay's "Unisex Adults", "Babies" and "Baby": the same words in any order, case or number.
const wordsOf = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean)
    .map((word) => word.replace(/ies$/, 'y').replace(/s$/, ''))
    .sort()
    .join(' ')

/**
 * The value in eBay's spelling: free text as given, a list value only when it is one of eBay's (any case, or the same
 * words in another order or number); null when eBay would not take it.
 */
export function acceptedAspectValue(value: string, allowedValues: string[]): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  if (allowedValues.length === 0) return trimmed
  const exact = allowedValues.find((allowed) => allowed.toLowerCase() === trimmed.toLowerCase())
  return exact ?? allowedValues.find((allowed) => wordsOf(allowed) === wordsOf(trimmed)) ?? null
}

/**
 * What a value typed for an aspect in the Post to eBay dialog puts in the listing's own field, so the listing shows
 * what eBay gets: the text itself, or the option it names; undefined when the field cannot hold it.
 */
export function fieldValueOfAspect(
  name: string,
  value: string,
): { field: ListingFieldName; value: string } | undefined {
  const field = fieldOfAspect(name)
  if (!field || !value.trim()) return undefined
  const spec: ListingFieldSpec = LISTING_FIELDS[field]
  if (spec.kind === 'text') return value.trim().length <= spec.max ? { field, value: value.trim() } : undefined
  if (spec.kind !== 'choice') return undefined
  const option = spec.options.find((candidate) => acceptedAspectValue(value, [candidate.label]) !== null)
  return option ? { field, value: option.value } : undefined
}
