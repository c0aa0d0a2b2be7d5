// The Admin Dashboard's data: every user, every listing a page at a time, and the two deletes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER, type AdminListing, type AdminUser } from '../../api/contract/admin.ts'
import { apiRequest, failureMessage, getJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { listingKeys } from './listings.ts'

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  listings: (page: number) => ['admin', 'listings', page] as const,
}

const NO_CONNECTION = 'Snaplist could not be reached. Check your connection and try again.'

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: async ({ signal }) => (await getJson<AdminUser[]>('/api/admin/users', { signal })) ?? [],
})

export const adminListingsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.listings(page),
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/api/admin/listings?page=${page}`, undefined, signal)
      const rows = (await response.json()) as AdminListing[]
      return { rows, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? rows.length) }
    },
  })

function useAdminDelete(kind: 'user' | 'listing', path: (id: number) => string) {
  const queryClient = useQueryClient()
  const label = kind === 'user' ? 'User' : 'Listing'
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', path(id)),
    onSuccess: async () => {
      // A deleted user takes their listings along, and the admin's own listings may be among those deleted.
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: listingKeys.all })])
      notify(`${label} deleted successfully`, undefined, 'success')
    },
    onError: (error) => notify(`Failed to delete ${kind}`, failureMessage(error, `The ${kind} could not be deleted. Please try again.`, NO_CONNECTION), 'error'),
  })
}

export const useDeleteUser = () => useAdminDelete('user', (id) => `/api/admin/users/${id}`)
export const useDeleteAnyListing = () => useAdminDelete('listing', (id) => `/api/admin/listings/${id}`)
