// Whether one chosen listing of a bulk post can go to eBay as it is, by the checks the Post to eBay dialog makes
// before it enables Post; and what of it Snaplist only guessed, which eBay would take as fact (issue 47): a listing
// with a guessed parcel or condition needs a look from the seller before it goes.
import type { UseQueryResult } from '@tanstack/react-query'
import { EBAY_CONDITION_OF, type EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import {
  checkedGuessesOf,
  GUESSED_CONDITION,
  parcelGuessed,
  parcelText,
  type CheckedGuess,
} from '../../../api/contract/guesses.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { isPostedToSpecMarketplace, listedPrice } from '../../../api/contract/listing-status.ts'
import { CONDITIONS } from '../../../api/contract/options.ts'
import { postFailureToast } from './ebay-post-failure.ts'

/** Missing items that are not details eBay lists per category (the Post to eBay dialog's LISTING_NEEDS). */
const NEED_NAMES: Record<string, string> = { Photos: 'a photo' }

export type Check =
  | { kind: 'checking' }
  | { kind: 'ready'; requirements: EbayRequirements }
  /** It could go, but with values Snaplist guessed: `seen` says them as eBay would get them. */
  | { kind: 'look'; requirements: EbayRequirements; guessed: CheckedGuess[]; seen: string[] }
  | { kind: 'needs'; needs: string[] }
  | { kind: 'failed'; reason: string }
  | { kind: 'live' }

/** The condition eBay would get, in the category's words (Snaplist's own two when eBay did not list them). */
function conditionLabel({ condition, conditions }: EbayRequirements): string {
  const own = CONDITIONS.find((option) => EBAY_CONDITION_OF[option.value] === condition)
  return conditions.find((option) => option.value === condition)?.label ?? own?.label ?? condition
}

/** "Parcel 24 oz, 13×10×2 in", "Condition Used": the guessed values as eBay would get them. */
const seenOf = (listing: Listing, requirements: EbayRequirements, guessed: CheckedGuess[]) =>
  [
    parcelGuessed(guessed) ? `Parcel ${parcelText(listing)}` : '',
    guessed.includes(GUESSED_CONDITION) ? `Condition ${conditionLabel(requirements)}` : '',
  ].filter(Boolean)

export function checkOf(listing: Listing, query: UseQueryResult<EbayRequirements> | undefined): Check {
  if (isPostedToSpecMarketplace(listing)) return { kind: 'live' }
  if (!query || query.isPending) return { kind: 'checking' }
  if (query.isError) return { kind: 'failed', reason: postFailureToast(query.error).description }
  const requirements = query.data
  const needs = requirements.missing.map((name) => NEED_NAMES[name] ?? name)
  if (requirements.policiesProblem) needs.push('selling policies on eBay')
  if (!(listedPrice(listing).value > 0)) needs.push('a Price')
  if (needs.length) return { kind: 'needs', needs }
  const guessed = checkedGuessesOf(listing)
  if (!guessed.length) return { kind: 'ready', requirements }
  return { kind: 'look', requirements, guessed, seen: seenOf(listing, requirements, guessed) }
}

export const needsText = (needs: string[]) => `needs ${needs.join(', ')}`

/** Why a listing that needs a look stays behind, for the summary. */
export const lookText = (seen: string[]) => `needs a look: the AI guessed ${seen.join(', ')}`
