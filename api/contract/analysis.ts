// The image analysis result (docs/product.md §3) and the answer of POST /api/analyze-image.
import * as v from 'valibot'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES, valuesOf } from './options.ts'

/** What an analyser suggests; '' and 0 mean "no suggestion". */
export const AnalysisSuggestionSchema = v.object({
  title: v.string(),
  description: v.string(),
  suggestedPrice: v.pipe(v.number(), v.integer(), v.minValue(0)),
  medianUsedPrice: v.pipe(v.number(), v.integer(), v.minValue(0)),
  category: v.union([v.picklist(valuesOf(CATEGORIES)), v.literal('')]),
  keywords: v.array(v.string()),
  primaryColor: v.union([v.picklist(valuesOf(COLORS)), v.literal('')]),
  brand: v.string(),
  size: v.string(),
  type: v.union([v.picklist(valuesOf(ITEM_TYPES)), v.literal('')]),
  sizeType: v.union([v.picklist(valuesOf(SIZE_TYPES)), v.literal('')]),
  department: v.union([v.picklist(valuesOf(DEPARTMENTS)), v.literal('')]),
})
export type AnalysisSuggestion = v.InferOutput<typeof AnalysisSuggestionSchema>

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

export const EMPTY_SUGGESTION: AnalysisSuggestion = {
  title: '',
  description: '',
  suggestedPrice: 0,
  medianUsedPrice: 0,
  category: '',
  keywords: [],
  primaryColor: '',
  brand: '',
  size: '',
  type: '',
  sizeType: '',
  department: '',
}
