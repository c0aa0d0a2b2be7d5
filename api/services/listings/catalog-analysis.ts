// The catalog's part of a draft's analysis (docs/product.md §12): its category and item specifics for the item and
// what items like it sell for, from the marketplace the server uses as its catalog (marketplace-wings.ts
// catalogAnalysis). The analysis service is given it, never a marketplace.
import type { AnalysisGap } from '../../contract/analysis.ts'
import type { CatalogParts } from '../../contract/catalog.ts'
import type { Analysis } from './analyzer/image-analyzer.ts'

/** The catalog's parts of an analysis and the gaps of what it could not give. */
export type CatalogAnswer = CatalogParts & { gaps: AnalysisGap[] }

export interface CatalogAnalysis {
  /** The catalog's parts for the model's analysis; never throws, never waits past its deadline. */
  parts(analysis: Analysis, signal?: AbortSignal): Promise<CatalogAnswer>
}
