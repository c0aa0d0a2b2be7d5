// The analysis of a draft (docs/product.md §12): all of its photos (up to 8, each a 768 px copy) go to the model in one
// call; from the AI's title the catalog gives the category and its item specifics, which the model fills, and what
// items like it sell for now (catalog-analysis.ts). Each part that fails leaves the others standing and names itself in
// `gaps`; only the model's first call failing fails the analysis (its photos are stored already, so nothing is lost).
import type { AnalysisSuggestion, DraftAnalysis, MarketPrices, PriceSource } from '../../contract/analysis.ts'
import { MAX_ANALYSIS_PHOTOS } from '../../contract/analysis.ts'
import { NO_CATALOG_PARTS } from '../../contract/catalog.ts'
import type { Sql } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import { AppError } from '../../errors.ts'
import type { SellerLimiter } from '../rate-limit.ts'
import { createAnalysisGate, type AnalysisGate } from './analysis-gate.ts'
import type { AnalysisReuse } from './analysis-reuse.ts'
import type { CatalogAnalysis, CatalogAnswer } from './catalog-analysis.ts'
import { notSetUpNotice } from './analyzer/errors.ts'
import type { ImageAnalyzer } from './analyzer/image-analyzer.ts'
import { analysisCopyOfStored, type AnalysisCopy } from './images.ts'
import { readPhoto, type FileStorage } from './storage.ts'

// So many comparable listings make the market's middle the suggestion; fewer are weighed with the model's estimate.
const MARKET_ENOUGH = 5
// The 768 px copies of recent uploads, so analysing a draft right after its photos arrived decodes nothing again.
const RECENT_COPIES = 64

const photoNotFound = () =>
  new AppError(400, 'invalid_input', 'Some of these photos are not yours or were never uploaded. Add them again.', {
    fields: { photoIds: 'Every photo must be one you uploaded' },
  })

export interface RecentCopies {
  remember(id: string, copy: Promise<AnalysisCopy>): void
  get(id: string): Promise<AnalysisCopy> | undefined
}

/** The model's copies of recently uploaded photos, by photo id, oldest dropped first. */
export function createRecentCopies(size = RECENT_COPIES): RecentCopies {
  const copies = new Map<string, Promise<AnalysisCopy>>()
  return {
    remember(id: string, copy: Promise<AnalysisCopy>) {
      copies.delete(id)
      copies.set(id, copy)
      if (copies.size > size) copies.delete(copies.keys().next().value!)
      // A copy that failed is made again from the stored photo next time.
      copy.catch(() => copies.delete(id))
    },
    get: (id: string) => copies.get(id),
  }
}

/** The suggested used price and where it came from: the market's listings when there are enough, else weighed with the model's. */
export function usedPrice(
  model: number,
  market: MarketPrices | null,
): { medianUsedPrice: number; priceSource: PriceSource | null } {
  const middle = market && market.count > 0 ? Math.round(market.middle) : 0
  if (middle > 0 && (market!.count >= MARKET_ENOUGH || model === 0))
    return { medianUsedPrice: middle, priceSource: 'market' }
  if (middle > 0) return { medianUsedPrice: Math.round((model + middle) / 2), priceSource: 'both' }
  return { medianUsedPrice: model, priceSource: model > 0 ? 'model' : null }
}

export interface AnalysisServiceDeps {
  sql: Sql
  storage: FileStorage
  analyzer: ImageAnalyzer
  /** The catalog's part (its category, item specifics and market); without it (none set up) the model's alone. */
  catalog?: CatalogAnalysis | undefined
  recent: RecentCopies
  /** How many model calls on photos run at once, and each seller's share (ANALYSIS_CONCURRENCY, analysis-gate.ts). */
  gate?: AnalysisGate
  /** Each seller's analyses a minute and a day (ANALYSIS_LIMIT_PER_MINUTE, _PER_DAY), counted before the model is asked. */
  limiter: SellerLimiter
  /** The stored or running analysis of the same photos, so asking again costs the model nothing. */
  reuse: AnalysisReuse
}

export interface AnalysisService {
  /** The analysis of these copies (photo 1 first), for a seller (isAdmin decides whether a notice may name settings). */
  analyzeCopies(
    user: { id: number; isAdmin: boolean },
    copies: AnalysisCopy[],
    signal?: AbortSignal,
  ): Promise<DraftAnalysis>
  /**
   * POST /api/analyze-photos: the draft's stored photos, in its order; callable per draft by any caller. The same
   * photos again are answered from the stored analysis, and requests for them at once share one run, which no
   * single caller's disconnect cancels.
   */
  analyzeStored(user: { id: number; isAdmin: boolean }, photoIds: string[]): Promise<DraftAnalysis>
}

export function createAnalysisService(deps: AnalysisServiceDeps): AnalysisService {
  const { sql, storage, analyzer, catalog, recent, gate = createAnalysisGate(), limiter, reuse } = deps
  async function analyzeCopies(
    user: { id: number; isAdmin: boolean },
    copies: AnalysisCopy[],
    signal?: AbortSignal,
  ): Promise<DraftAnalysis> {
    const photos = copies.slice(0, MAX_ANALYSIS_PHOTOS)
    await limiter.consume(user.id)
    // The model's call on the photos waits for a place at the gate (a haul's many drafts share them fairly).
    const analysis = await gate.run(
      user.id,
      () =>
        analyzer.analyze(
          { photos: photos.map((copy) => copy.jpeg), measuredColor: photos[0]?.measuredColor ?? '' },
          signal,
        ),
      signal,
    )
    const base = {
      ...analysis.suggestion,
      analyzer: analyzer.name,
      source: analysis.source,
      facts: analysis.facts,
      flaws: analysis.flaws,
      photoCount: photos.length,
    }
    if (analysis.source === 'measured')
      return { ...base, ...NO_CATALOG_PARTS, priceSource: null, gaps: [], notice: notSetUpNotice(user.isAdmin) }
    const parts: CatalogAnswer = catalog ? await catalog.parts(analysis, signal) : { ...NO_CATALOG_PARTS, gaps: [] }
    const price = usedPrice(analysis.suggestion.medianUsedPrice, parts.market)
    return { ...base, ...parts, ...price } satisfies AnalysisSuggestion & DraftAnalysis
  }

  /** The model's copy of one of the seller's stored photos: the one kept from its upload, else made from storage. */
  async function copyOf(row: images.ImageRow): Promise<AnalysisCopy> {
    const kept = recent.get(row.id)
    if (kept) return kept
    const copy = readPhoto(storage, row).then(analysisCopyOfStored)
    recent.remember(row.id, copy)
    return copy
  }

  return {
    analyzeCopies,

    async analyzeStored(user: { id: number; isAdmin: boolean }, photoIds: string[]): Promise<DraftAnalysis> {
      const rows = (await Promise.all([...new Set(photoIds)].map((id) => images.findImage(sql, id)))).slice(
        0,
        MAX_ANALYSIS_PHOTOS,
      )
      if (rows.some((row) => row?.userId !== user.id)) throw photoNotFound()
      return reuse.once(
        user.id,
        rows.map((row) => row!.key),
        async () => analyzeCopies(user, await Promise.all(rows.map((row) => copyOf(row!)))),
      )
    },
  }
}
