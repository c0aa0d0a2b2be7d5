// eBay's part of a bulk post (decision 0064): what the Post to eBay dialog sends when the seller adds nothing, with
// the ZIP code asked once for all, through the same idempotent publisher. A listing whose parcel or condition is still
// Snaplist's guess is not sent (issue 47): the seller looks at it first (guesses-checked) or posts it from the Post to
// eBay dialog, which shows them.
import * as v from 'valibot'
import type { BulkPostAnswers } from '../../contract/bulk-post.ts'
import { EbayPublishInputSchema } from '../../contract/ebay-publish.ts'
import { checkedGuessesOf, GUESSED_CONDITION, parcelGuessed, parcelText } from '../../contract/guesses.ts'
import { isPostedToSpecMarketplace, type Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { AppError } from '../../errors.ts'
import type { EbayPublisher } from './publish.ts'

/** A listing eBay would get Snaplist's guesses of, refused before eBay: what was guessed, and how to look at it. */
function guessesUnchecked(listing: Listing): AppError | undefined {
  const guessed = checkedGuessesOf(listing)
  if (!guessed.length || isPostedToSpecMarketplace(listing)) return undefined
  const what = [
    parcelGuessed(guessed) ? `its parcel (${parcelText(listing)})` : '',
    guessed.includes(GUESSED_CONDITION) ? 'its condition' : '',
  ].filter(Boolean)
  return new AppError(
    400,
    'ebay_guesses_unchecked',
    `Not sent: the AI guessed ${what.join(' and ')}, and eBay would take ${what.length > 1 ? 'them' : 'it'} as fact. Look at ${what.length > 1 ? 'them' : 'it'} (Looks right, or Post to eBay on its own), then post it.`,
  )
}

export function ebayBulkPublish({ sql, publisher }: { sql: Sql; publisher: Pick<EbayPublisher, 'publish'> }) {
  return async (userId: number, listingId: number, { ebay }: BulkPostAnswers) => {
    const listing = await listings.findListing(sql, userId, listingId)
    const unchecked = listing && guessesUnchecked(listing)
    if (unchecked) throw unchecked
    const postalCode = ebay?.postalCode
    return publisher.publish(userId, listingId, v.parse(EbayPublishInputSchema, postalCode ? { postalCode } : {}))
  }
}
