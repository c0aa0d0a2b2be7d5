// Listings and photos: the query the Dashboard reads, and the mutations of the create screen and the rows.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AnalysisResult, StoredImage } from '../../api/contract/analysis.ts'
import type { Listing, ListingInput } from '../../api/contract/listing.ts'
import { apiJson, apiRequest, apiUpload, getJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'

export const listingKeys = { all: ['listings'] as const }

export const listingsQuery = queryOptions({
  queryKey: listingKeys.all,
  queryFn: async ({ signal }) => (await getJson<Listing[]>('/api/listings', { signal })) ?? [],
})

const photoForm = (photo: Blob, id: string) => {
  const form = new FormData()
  form.append('id', id)
  form.append('image', photo, 'photo.jpg')
  return form
}

export const analyzePhoto = (photo: Blob, id: string, signal?: AbortSignal) =>
  apiUpload<AnalysisResult>('/api/analyze-image', photoForm(photo, id), signal)

export const uploadPhoto = (photo: Blob, id: string, signal?: AbortSignal) =>
  apiUpload<StoredImage>('/api/images', photoForm(photo, id), signal)

export function useCreateListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (listing: ListingInput) => apiJson<Listing>('POST', '/api/listings', listing),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/listings/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify('Listing deleted successfully', undefined, 'success')
    },
    onError: () => notify('Error', 'Failed to delete listing', 'error'),
  })
}
