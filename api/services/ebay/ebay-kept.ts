// What a listing keeps for eBay beside the seller's fields (its eBay category and item specifics), brought in line with
// an edit of those fields (docs/decisions/0022): what the seller sees on the listing is what eBay gets.
import { FIELD_ASPECT_ENTRIES, isFieldAspect } from '../../contract/ebay/ebay-aspects.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Tx } from '../../db/client.ts'
import { findEbayState, saveEbayKept, type EbayListingState } from '../../db/listing-ebay-state.ts'

/** eBay's category is suggested for the title in the listing's Category; a change to either asks eBay again. */
const SUGGESTED_FROM = ['title', 'category'] as const

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === ''

/**
 * After an edit from `before` to `after`: the item specific kept for a field the seller cleared goes, so nothing says
 * it on eBay either (a field with a value says it itself; the kept one, typed in the Post to eBay dialog, stands in
 * only for a value eBay's list lacks). A category eBay suggested is forgotten, with the analysis's item specifics for
 * it, when the title or Category it was suggested for changed; one the seller chose stays. Null when the edit leaves
 * them as they are.
 */
export function keptAfterEdit(
  before: Listing,
  after: Listing,
  state: Pick<EbayListingState, 'ebayAspects' | 'ebayCategoryChosen' | 'ebayCategoryId'>,
) {
  const cleared = FIELD_ASPECT_ENTRIES.filter(([field]) => before[field] !== after[field] && isBlank(after[field])).map(
    ([, aspect]) => aspect,
  )
  const forgetCategory =
    state.ebayCategoryId !== null &&
    !state.ebayCategoryChosen &&
    SUGGESTED_FROM.some((field) => before[field] !== after[field])
  // The analysis's item specifics were the forgotten category's; only what the Post to eBay dialog kept for a field stays.
  const stays = (name: string) => !cleared.includes(name) && (!forgetCategory || isFieldAspect(name))
  const aspects = Object.fromEntries(Object.entries(state.ebayAspects).filter(([name]) => stays(name)))
  if (!forgetCategory && Object.keys(aspects).length === Object.keys(state.ebayAspects).length) return null
  return { aspects, forgetCategory }
}

/** The listing after an edit, with what it keeps for eBay brought in line with it (keptAfterEdit), in the edit's transaction. */
export async function keepEbayInLine(tx: Tx, id: number, before: Listing, after: Listing): Promise<Listing> {
  const kept = keptAfterEdit(before, after, await findEbayState(tx, id))
  return kept ? saveEbayKept(tx, id, kept) : after
}
