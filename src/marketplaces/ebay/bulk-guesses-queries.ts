// The seller's look at what Snaplist guessed of a listing in eBay's section of the bulk post (issue 47): said right,
// the chosen listings hold it so at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CheckedGuess } from '../../../api/contract/guesses.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'

export function useCheckGuesses() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listingId, guesses }: { listingId: number; guesses: CheckedGuess[] }): Promise<Listing> =>
      okJson(api.listings[':id']['guesses-checked'].$post({ param: { id: String(listingId) }, json: { guesses } })),
    onSuccess: (checked) =>
      queryClient.setQueriesData<Listing[]>({ queryKey: [...listingKeys.all, 'chosen'] }, (held) =>
        held?.map((listing) => (listing.id === checked.id ? { ...listing, guesses: checked.guesses } : listing)),
      ),
    onError: (error) => notify('Not saved', errorMessage(error), 'error'),
  })
}
