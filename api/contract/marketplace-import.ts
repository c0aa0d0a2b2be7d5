// Importing a seller's listings from a marketplace whose wing offers it (its live listings or products;
// docs/decisions/0037, 0078): POST /api/<marketplace>/import starts it (202) or answers the one under way (200), unless
// something holds it up (then it goes on at once); GET says where it stands. The phone shows "Imported 120 of 2,000",
// what holds it up, and at the end what was skipped and why.
/** none: never imported; running: under way (or waiting out the marketplace's limits); done; failed (see message). */
export type ImportState = 'none' | 'running' | 'done' | 'failed'

export interface MarketplaceImportStatus {
  status: ImportState
  /** The seller's listings that are on that marketplace, on Snaplist now. */
  imported: number
  /** What the marketplace has to import (its active fixed-price listings, say), once it has said; null when it does not. */
  total: number | null
  /** What could not be brought (variations, none left, no photo…: the marketplace's words). */
  skipped: number
  /** The first few skipped with why ("Blue mug: it has no photo Snaplist could copy"), where the wing says. */
  skippedReasons: string[]
  /**
   * In words for the seller: why a failed import stopped, or what holds a running one up (the marketplace busy or not
   * answering, or nothing moved for a while). Either way the phone offers Retry, which goes on from where it is.
   */
  message: string | null
}

/** "Imported 120 of 2,000", or "Imported 120" before the marketplace has given its count. */
export const importProgressText = ({ imported, total }: Pick<MarketplaceImportStatus, 'imported' | 'total'>) =>
  `Imported ${imported.toLocaleString('en-US')}${total === null ? '' : ` of ${total.toLocaleString('en-US')}`}`
