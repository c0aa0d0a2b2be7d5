// The image analysis result (docs/product.md §3) and the answer of POST /api/analyze-image.
import * as v from 'valibot'
import { AI_FIELDS, type AnalysisSuggestion, type ListingFieldSpec } from './listing-fields.ts'
import { valuesOf } from './options.ts'

const suggestionSchemaOf = (spec: ListingFieldSpec) => {
  switch (spec.kind) {
    case 'whole':
      return v.pipe(v.number(), v.integer(), v.minValue(0))
    case 'choice':
      return v.union([v.picklist(valuesOf(spec.options)), v.literal('')])
    case 'keywords':
      return v.array(v.string())
    default:
      return v.string()
  }
}

/** What an analyser suggests, field by field as listing-fields.ts declares them; '' and 0 mean "no suggestion". */
export const AnalysisSuggestionSchema = v.object(
  Object.fromEntries(AI_FIELDS.map(({ suggestion, spec }) => [suggestion, suggestionSchemaOf(spec)])),
) as unknown as v.GenericSchema<AnalysisSuggestion>

export type AnalyzerName = 'gemini' | 'local'
/** Where the values came from: an AI model, or only measured from the pixels (no AI ran). */
export type AnalysisSource = 'ai' | 'measured'

export interface StoredImage {
  id: string
  imageUrl: string
  thumbnailUrl: string
  width: number
  height: number
}

export interface AnalysisResult extends AnalysisSuggestion {
  imageUrl: string
  thumbnailUrl: string
  imageId: string
  analyzer: AnalyzerName
  source: AnalysisSource
  /** Set when the result is partial, e.g. no Gemini key is configured. */
  notice?: string
}
