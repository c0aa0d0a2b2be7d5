// Bringing a seller's live eBay listings into Snaplist (issue 31, docs/decisions/0037): POST /api/ebay/import starts an
// import (or answers the one under way, unless something holds it up: then it goes on at once), GET /api/ebay/import
// says where it stands. The phone shows "Imported 120 of 2,000" from it, and what holds it up.

/** none: never imported; running: under way (or waiting out eBay's limits); done; failed (see message). */
export type EbayImportState = 'none' | 'running' | 'done' | 'failed'

export interface EbayImportStatus {
  status: EbayImportState
  /** The seller's listings brought from eBay, on Snaplist now. */
  imported: number
  /** eBay's active fixed-price listings, once eBay has said; null before. */
  total: number | null
  /** Listings that cannot be brought (auctions aside): variations, none left, or what Snaplist could not read. */
  skipped: number
  /**
   * In words for the seller: why a failed import stopped, or what holds a running one up (eBay busy or not answering,
   * or nothing moved for a while). Either way the phone offers Retry, which goes on from where the import is.
   */
  message: string | null
}

/** "Imported 120 of 2,000", or "Imported 120" before eBay has given its count. */
export const importProgressText = ({ imported, total }: Pick<EbayImportStatus, 'imported' | 'total'>) =>
  `Imported ${imported.toLocaleString('en-US')}${total === null ? '' : ` of ${total.toLocaleString('en-US')}`}`
