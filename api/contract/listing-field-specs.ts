// What a listing field is declared with (listing-fields.ts): its kind (text, whole number, money, day, choice, keywords)
// and what each kind says about it (limits, format, options), where it is kept and whether the AI fills it.
import type { Option } from './options.ts'

/** What the analyser suggests for a field: under the field's own name, unless `name` says otherwise. */
interface AiSuggested {
  name?: string
  /** Keyword lists: how many the model is asked for. */
  maxItems?: number
  /** The model's estimate (the parcel; a measurement off a tape in a photo): always marked as a guess to check. */
  estimate?: true
}

interface FieldBase {
  /** The form's label; the API's messages name the field by it too. */
  label: string
  /** Where the listings table keeps it. */
  column: string
  /** false: the AI never fills it. */
  ai: false | AiSuggested
  /** The seller's own books (cost, SKU, shelf): never sent to a marketplace, and an edit of only these revises none. */
  sellerOnly?: true
}

export interface TextSpec extends FieldBase {
  kind: 'text'
  max: number
  /** Required fields are never empty, so late AI suggestions never fill them. */
  required?: true
  /** Why the limit is what it is, said with the limit. */
  limitReason?: string
  /** What the text must be besides short enough: a barcode number (gtin.ts), digits alone, or a measurement. */
  format?: 'gtin' | 'digits' | 'measure'
}
export interface WholeNumberSpec extends FieldBase {
  kind: 'whole'
  min: number
  /** What blank means. */
  fallback: number
  /** Rows from before the field had a default may hold null. */
  legacyNull?: true
}
/** Dollars and cents; kept as whole cents in `column`; blank is null. */
export interface MoneySpec extends FieldBase {
  kind: 'money'
  max: number
  /** $0 is a value (a free find), not only more than $0. */
  zeroAllowed?: true
}
/** A calendar day, YYYY-MM-DD; blank is null. */
export interface DateSpec extends FieldBase {
  kind: 'date'
}
export interface ChoiceSpec extends FieldBase {
  kind: 'choice'
  options: readonly Option[]
  /** Otherwise '' means "not chosen". */
  required?: true
}
/** A list of short words; the form takes them comma separated. */
export interface KeywordsSpec extends FieldBase {
  kind: 'keywords'
  maxCount: number
  maxLength: number
}
export type ListingFieldSpec = TextSpec | WholeNumberSpec | MoneySpec | DateSpec | ChoiceSpec | KeywordsSpec
