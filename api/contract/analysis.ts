// The image analysis result (docs/product.md §3) and the answer of POST /api/analyze-image.
import * as v from 'valibot'
import { AI_FIELDS, EMPTY_SUGGESTION, type AnalysisSuggestion } from './listing-suggestion.ts'
import type { ListingFieldSpec } from './listing-field-specs.ts'

export { EMPTY_SUGGESTION, type AnalysisSuggestion }
import { valuesOf } from './options.ts'
import type { Provenance } from './provenance.ts'
import { CATALOG_GAPS, type CatalogParts } from './catalog.ts'

export type { Provenance }
export type { AspectSuggestion, CatalogSpecifics, Comparable, MarketPrices } from './catalog.ts'

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

/** At most this many photos go to the model in one analysis: a listing's photo limit (docs/product.md §12). */
export const MAX_ANALYSIS_PHOTOS = 8

/** POST /api/analyze-photos: the draft's photos, already stored through POST /api/images, in the seller's order. */
export const AnalyzePhotosSchema = v.object({
  photoIds: v.pipe(
    v.array(
      v.pipe(v.string('Each photo id must be text'), v.uuid('Each photo id must be a UUID')),
      'photoIds must be a list of photo ids',
    ),
    v.minLength(1, 'Send at least one photo id'),
    v.maxLength(MAX_ANALYSIS_PHOTOS, `Send at most ${MAX_ANALYSIS_PHOTOS} photo ids`),
  ),
})
export type AnalyzePhotosInput = v.InferOutput<typeof AnalyzePhotosSchema>

/** The facts a wrong guess at turns into an "item not as described" return. */
export const FACT_NAMES = ['brand', 'size', 'material', 'model'] as const
export type FactName = (typeof FACT_NAMES)[number]
export type Fact = Provenance & { value: string }
export type Flaw = Provenance & { text: string }

/** Where the suggested used price came from: the market's listings, the model's estimate, or both weighed together. */
export type PriceSource = 'market' | 'model' | 'both'

/** Parts that could not be done; the rest of the analysis stands. The client words each code (docs/product.md §12). */
export const ANALYSIS_GAPS = CATALOG_GAPS
export type AnalysisGap = (typeof ANALYSIS_GAPS)[number]

/** What an analysis of a draft's photos adds to the flat suggestion, the catalog's parts among it (catalog.ts). */
export interface AnalysisExtras extends CatalogParts {
  facts: Record<FactName, Fact>
  flaws: Flaw[]
  /** Where medianUsedPrice came from; null without a price. */
  priceSource: PriceSource | null
  gaps: AnalysisGap[]
  /** How many photos the model read. */
  photoCount: number
}

/** The answer of POST /api/analyze-photos. */
export interface DraftAnalysis extends AnalysisSuggestion, Partial<AnalysisExtras> {
  analyzer: AnalyzerName
  source: AnalysisSource
  /** Set when the result is partial, e.g. no Gemini key is configured. */
  notice?: string
}

/** The answer of POST /api/analyze-image: an analysis of that one photo, and the photo as stored. */
export interface AnalysisResult extends DraftAnalysis {
  imageUrl: string
  thumbnailUrl: string
  imageId: string
}

/** What a listing keeps of an analysis (its aiSuggestions): the flat suggestion and where it came from. */
export function storedSuggestions(analysis: DraftAnalysis): Record<string, string | number | string[]> {
  return {
    ...Object.fromEntries(AI_FIELDS.map(({ suggestion }) => [suggestion, analysis[suggestion]])),
    analyzer: analysis.analyzer,
    source: analysis.source,
    ...(analysis.priceSource ? { priceSource: analysis.priceSource } : {}),
  }
}
