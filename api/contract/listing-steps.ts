// A listing's history as steps (issue 50, docs/decisions/0073): what happened to it, in order, so the row can show a
// sale that did not happen as it went: sold → cancelled → live again. GET /api/listings/{id}/sales answers them.
import type { SoldOn } from './listing.ts'

/** sold; cancelled (by the marketplace); back-in-stock or damaged (a return, as the seller said); live-again (a place). */
export const LISTING_STEPS = ['sold', 'cancelled', 'back-in-stock', 'damaged', 'live-again'] as const
export type ListingStepKind = (typeof LISTING_STEPS)[number]

export interface ListingStep {
  step: ListingStepKind
  marketplace: SoldOn
  /** How many pieces; null for a place live again. */
  pieces: number | null
  at: string
}

/** A step in a few words, for the row's history. */
export const LISTING_STEP_LABELS: Record<ListingStepKind, string> = {
  sold: 'Sold',
  cancelled: 'Cancelled',
  'back-in-stock': 'Returned — back in stock',
  damaged: 'Returned — damaged',
  'live-again': 'Live again',
}
