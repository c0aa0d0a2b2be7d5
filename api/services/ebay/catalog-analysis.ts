// eBay's part of a draft's analysis (docs/product.md §12), eBay as a catalog and a market: from the AI's title eBay
// suggests the category, whose required and recommended item specifics the model then fills from eBay's own values (a
// second call, text only), while eBay's Browse API is asked what items like it sell for now. Each part that fails
// leaves the others standing and names itself in `gaps`; none holds the seller up past the deadline.
import type { AnalysisGap } from '../../contract/analysis.ts'
import {
  MARKET_GAP,
  NO_CATALOG_PARTS,
  SPECIFICS_GAP,
  withCatalogSpecifics,
  type CatalogSpecifics,
} from '../../contract/catalog.ts'
import type { CatalogAnalysis, CatalogAnswer } from '../listings/catalog-analysis.ts'
import type { Analysis, ImageAnalyzer } from '../listings/analyzer/image-analyzer.ts'
import type { EbayLookups } from './lookups.ts'

// eBay's parts may not hold the seller up longer than this; past it the analysis answers with what it has.
const EBAY_DEADLINE_MS = 15_000

const deadline = (ms: number) => new Promise<'late'>((resolve) => setTimeout(resolve, ms, 'late').unref())

export interface EbayCatalogAnalysisDeps {
  /** eBay as the app itself. */
  lookups: EbayLookups
  /** The model that fills the category's item specifics. */
  analyzer: ImageAnalyzer
  deadlineMs?: number
}

export function createEbayCatalogAnalysis({
  lookups,
  analyzer,
  deadlineMs = EBAY_DEADLINE_MS,
}: EbayCatalogAnalysisDeps): CatalogAnalysis {
  /** The item specifics for the AI's title: category, its aspects, the model's values. */
  async function specifics(
    analysis: Analysis,
    signal?: AbortSignal,
  ): Promise<{ specifics: CatalogSpecifics | null; gap: boolean }> {
    const category = await lookups.category(analysis.suggestion.title)
    if (!category) return { specifics: null, gap: true }
    try {
      const aspects = await lookups.aspects(category.id)
      const filled = (await analyzer.fillAspects?.({ analysis, category, aspects }, signal)) ?? []
      return { specifics: { category, aspects: filled }, gap: false }
    } catch (error) {
      logPart('item specifics', error)
      return { specifics: { category, aspects: [] }, gap: true }
    }
  }

  async function parts(analysis: Analysis, signal?: AbortSignal): Promise<CatalogAnswer> {
    const found = await specifics(analysis, signal).catch(
      (error: unknown) => (logPart('category', error), { specifics: null, gap: true }),
    )
    const categoryId = found.specifics?.category.id
    const market = categoryId
      ? await lookups
          .market({ title: analysis.suggestion.title, categoryId, condition: 'used' })
          .catch((error: unknown) => (logPart('market prices', error), null))
      : null
    const gaps: AnalysisGap[] = [...(found.gap ? [SPECIFICS_GAP] : []), ...(market ? [] : [MARKET_GAP])]
    return { ...withCatalogSpecifics(found.specifics), market, gaps }
  }

  return {
    /** eBay's parts, or whatever of them is ready when the deadline passes (never a spinner that does not end). */
    async parts(analysis, signal) {
      const outcome = await Promise.race([parts(analysis, signal), deadline(deadlineMs)])
      if (outcome !== 'late') return outcome
      console.error('[analysis] eBay took too long; answering without it')
      return { ...NO_CATALOG_PARTS, gaps: [SPECIFICS_GAP, MARKET_GAP] }
    },
  }
}

function logPart(part: string, error: unknown) {
  console.error(`[analysis] ${part} failed: ${error instanceof Error ? error.message : String(error)}`)
}
