// Posting a listing to Etsy: what Etsy needs for it (the shop's profiles, the suggested category, what is missing),
// read each time the dialog opens, and the publish. Failures are shown in the dialog, not as toasts: what to do
// (connect again, set up the shop, choose another value) sits beside the choices it is about.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EtsyPublishInput, EtsyPublishResult, EtsyRequirements } from '../../../api/contract/etsy-publish.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { offerPushOnceLive } from '../../lib/offer-push.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

export const etsyRequirementsQuery = (listingId: number) =>
  queryOptions({
    queryKey: ['listings', listingId, 'etsy-requirements'] as const,
    queryFn: ({ signal }): Promise<EtsyRequirements> =>
      okJson(
        api.listings[':id']['etsy-requirements'].$get(
          { param: { id: String(listingId) }, query: {} },
          cancelledBy(signal),
        ),
      ),
    // The shop's set-up changes on Etsy, not here: ask again each time the dialog opens.
    gcTime: 0,
    // A refusal is an answer to show (reconnect, Etsy away), not a blip to retry.
    retry: false,
  })

export const useEtsyRequirements = (listingId: number) => useQuery(etsyRequirementsQuery(listingId))

export function usePostToEtsy(listingId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: EtsyPublishInput): Promise<EtsyPublishResult> =>
      okJson(api.listings[':id']['post-to-etsy'].$post({ param: { id: String(listingId) }, json })),
    // Live now: the moment to offer telling the seller when it sells (once per device).
    onSuccess: () => offerPushOnceLive(),
    // The row then says Live on Etsy, with its link.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
