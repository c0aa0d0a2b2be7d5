// Posting a listing to Shopify: one call, nothing asked beside the listing (decision 0074). Failures are shown in the
// dialog, in Shopify's words.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Listing, ListingPlace } from '../../../api/contract/listing.ts'
import { api, okJson } from '../../lib/api.ts'
import { offerPushOnceLive } from '../../lib/offer-push.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

/** The listing's place on Shopify, once it was posted there. */
export const shopifyPlace = (listing: Listing): ListingPlace | undefined =>
  listing.places?.find((place) => place.marketplace === 'shopify' && place.externalId !== null)

export const isLiveOnShopify = (listing: Listing) => shopifyPlace(listing)?.state === 'live'

/** What Shopify needs that the listing lacks (as the server checks it), in the seller's words; empty when none. */
export function shopifyNeeds(listing: Listing): string[] {
  return [
    listing.images.length ? '' : 'a photo',
    (listing.askingPrice ?? listing.medianUsedPrice ?? listing.price) > 0 ? '' : 'a Price',
    listing.quantity > 0 ? '' : 'a Quantity',
  ].filter(Boolean)
}

export function usePostToShopify(listingId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => okJson(api.listings[':id']['post-to-shopify'].$post({ param: { id: String(listingId) } })),
    onSuccess: () => offerPushOnceLive(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
