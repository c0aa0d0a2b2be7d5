// What a listing keeps for eBay beside the seller's fields (issue 48, docs/decisions/0081): its catalog product, the
// category, condition and item specifics it goes up with, and what its answers say of it on eBay. The listing's
// declaration composes these through marketplace-listing-parts.ts, never from here.
// Plain data, no valibot: the service worker reads the listing's fields too.
import type { TextSpec } from '../listing-field-specs.ts'
import type { RevisionStatus } from '../listing-status.ts'

/** eBay's limit for a listing's title, the shortest of the marketplaces'. */
export const EBAY_TITLE_LIMIT: { max: number; reason: string } = { max: 80, reason: "eBay's limit" }

/** eBay's fields among the seller's (listing-fields.ts), each a column and a form field as any other. */
export const EBAY_LISTING_FIELDS = {
  // eBay's catalog product the seller picked for the barcode: eBay fills in its own details of the product from it.
  ebayProductId: {
    kind: 'text',
    label: 'eBay catalog product (ePID)',
    column: 'ebay_product_id',
    max: 20,
    format: 'digits',
    ai: false,
  } as const satisfies TextSpec,
}

/** What the server records of a listing for eBay, beside the seller's fields. */
export interface EbayRecordState {
  /** eBay's condition (ConditionEnum) the seller chose for eBay; null: the one `condition` stands for. */
  ebayCondition: string | null
  ebayConditionDescription: string
  /** The eBay category the listing goes up in: eBay's suggestion for the title, or the seller's choice; null: none yet. */
  ebayCategoryId: string | null
  ebayCategoryName: string | null
  /** The seller chose it (docs/decisions/0022); eBay's suggestion is made again when the title or Category changes. */
  ebayCategoryChosen: boolean
}

/** The column of each. */
export const EBAY_RECORD_COLUMNS = {
  ebayCondition: 'ebay_condition',
  ebayConditionDescription: 'ebay_condition_description',
  ebayCategoryId: 'ebay_category_id',
  ebayCategoryName: 'ebay_category_name',
  ebayCategoryChosen: 'ebay_category_chosen',
} as const satisfies Record<keyof EbayRecordState, string>

/** The catalog's category a listing keeps (eBay's), and whether the seller chose it; null: none yet. */
export const ebayCatalogCategory = (listing: EbayRecordState) =>
  listing.ebayCategoryId
    ? {
        category: { id: listing.ebayCategoryId, name: listing.ebayCategoryName ?? '' },
        chosen: listing.ebayCategoryChosen,
      }
    : null

/** The seller chose the listing's condition for eBay, or it went up there: the condition is no guess. */
export const ebayConditionChosen = (listing: EbayRecordState & EbayLife) =>
  Boolean(listing.ebayCondition || listing.platformListingId)

/** What a listing's answers say of its life on eBay (api/db/listing-ebay-life.ts reads each). */
export interface EbayLife {
  /** SPEC's eBay listing id ('ebay-<eBay's id>'), from its eBay place; null when eBay never gave one. */
  platformListingId: string | null
  /** SPEC's eBay status: 'sold' once its last piece sold anywhere, else 'active' or 'ended' as on eBay; null never there. */
  platformStatus: string | null
  /** Where the seller's last change stands on eBay; null when none was sent. */
  ebayRevisionStatus: RevisionStatus | null
  /** eBay's refusal in eBay's words, or why the change waits. */
  ebayRevisionMessage: string | null
  /**
   * Brought from eBay by an import (docs/decisions/0037): 'inventory' (made with eBay's Inventory API, changed from
   * Snaplist as its own are) or 'trading' (made on ebay.com: only its Price and Quantity reach eBay); null otherwise.
   */
  ebayImported: 'inventory' | 'trading' | null
}
