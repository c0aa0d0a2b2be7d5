// What an image analyser is: photos in, a listing suggestion with where each fact came from out; the Gemini analyser
// (gemini.ts) and the no-key local fallback (local.ts) both are one.
import type {
  AnalysisSource,
  AnalyzerName,
  AspectSuggestion,
  Fact,
  FactName,
  Flaw,
} from '../../../contract/analysis.ts'
import type { AnalysisSuggestion } from '../../../contract/listing-suggestion.ts'
import type { Color } from '../../../contract/options.ts'

export interface AnalyzeInput {
  /** The item's photos in the seller's order (photo 1 first), each a JPEG of at most 768 px. */
  photos: Buffer[]
  /** The first photo's main colour measured from the pixels, '' when unknown. */
  measuredColor: Color | ''
}

/** Something the model saw on the item that an item specific may need (e.g. "Sleeve Length: Long", photo 2). */
export interface Detail {
  name: string
  value: string
  photo: number | null
}

export interface Analysis {
  suggestion: AnalysisSuggestion
  source: AnalysisSource
  facts: Record<FactName, Fact>
  flaws: Flaw[]
  details: Detail[]
}

/** One of the catalog's item aspects for the category, as its taxonomy describes it. */
export interface AspectToFill {
  name: string
  required: boolean
  /** The catalog's values to choose from; empty: free text. */
  allowedValues: string[]
}

export interface AspectsInput {
  analysis: Analysis
  category: { id: string; name: string }
  aspects: AspectToFill[]
}

export interface ImageAnalyzer {
  name: AnalyzerName
  analyze(input: AnalyzeInput, signal?: AbortSignal): Promise<Analysis>
  /** Fills the catalog's item specifics from what analyze() found (no photos sent again); absent without a model. */
  fillAspects?(input: AspectsInput, signal?: AbortSignal): Promise<AspectSuggestion[]>
}
