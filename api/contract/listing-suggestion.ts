// The analyser's suggestion: the fields the AI fills (listing-fields.ts's `ai`), under their names in the analysis, with
// their types; '' and 0 mean "no suggestion". The fields late suggestions may fill on a listing that already exists.
import { LISTING_FIELD_ENTRIES, type LISTING_FIELDS, type ListingFieldName } from './listing-fields.ts'
import type { ListingFieldSpec } from './listing-field-specs.ts'
import type { Option } from './options.ts'

type Fields = typeof LISTING_FIELDS
type ChoiceValue<Spec> = Spec extends { options: readonly Option<infer Value>[] } ? Value : never

type AiFieldName = { [Name in ListingFieldName]: Fields[Name]['ai'] extends false ? never : Name }[ListingFieldName]
type SuggestionName<Name extends AiFieldName> = Fields[Name]['ai'] extends { name: infer Renamed extends string }
  ? Renamed
  : Name
type SuggestionValue<Spec> = Spec extends { kind: 'text' }
  ? string
  : Spec extends { kind: 'whole' }
    ? number
    : Spec extends { kind: 'choice' }
      ? ChoiceValue<Spec> | ''
      : Spec extends { kind: 'keywords' }
        ? string[]
        : never

export type AnalysisSuggestion = { [Name in AiFieldName as SuggestionName<Name>]: SuggestionValue<Fields[Name]> }
export type SuggestionKey = keyof AnalysisSuggestion

/** Each field the AI fills, with its name in the analysis, in the declaration's order. */
export const AI_FIELDS = LISTING_FIELD_ENTRIES.flatMap(([field, spec]) =>
  spec.ai === false ? [] : [{ field, suggestion: (spec.ai.name ?? field) as SuggestionKey, spec }],
)

const emptySuggestionOf = (spec: ListingFieldSpec): AnalysisSuggestion[SuggestionKey] =>
  spec.kind === 'whole' ? 0 : spec.kind === 'keywords' ? [] : ''
export const EMPTY_SUGGESTION = Object.fromEntries(
  AI_FIELDS.map(({ suggestion, spec }) => [suggestion, emptySuggestionOf(spec)]),
) as AnalysisSuggestion

/** A suggested value as the form holds it; '' for no suggestion. */
export const suggestionAsText = (value: AnalysisSuggestion[SuggestionKey]): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'number' ? (value ? String(value) : '') : value

/**
 * The fields late AI suggestions may fill on a listing that already exists (only those still empty there): what the
 * AI fills and a listing may lack. With them the suggestions themselves, kept on the listing.
 */
export const FILLABLE_FIELDS = AI_FIELDS.flatMap(({ field, spec }) =>
  'required' in spec ? [] : [field as FillableField],
).concat('aiSuggestions') as [FillableField, ...FillableField[]]
export type FillableField = Exclude<AiFieldName, RequiredFieldName> | 'aiSuggestions'
type RequiredFieldName = {
  [Name in ListingFieldName]: Fields[Name] extends { required: true } ? Name : never
}[ListingFieldName]
