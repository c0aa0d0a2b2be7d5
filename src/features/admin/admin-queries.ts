// The Admin Dashboard's data: every user, every listing a page at a time, and the two deletes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER, type AdminListing, type AdminUser } from '../../../api/contract/admin.ts'
import { api, cancelledBy, failureMessage, okJson, okResponse } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  listings: (page: number) => ['admin', 'listings', page] as const,
}

const NO_CONNECTION = 'Snaplist could not be reached. Check your connection and try again.'

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: ({ signal }): Promise<AdminUser[]> => okJson(api.admin.users.$get(undefined, cancelledBy(signal))),
})

export const adminListingsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.listings(page),
    queryFn: async ({ signal }) => {
      const response = await okResponse(api.admin.listings.$get({ query: { page: String(page) } }, cancelledBy(signal)))
      const rows: AdminListing[] = await response.json()
      return { rows, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? rows.length) }
    },
  })

function useAdminDelete(kind: 'user' | 'listing', remove: (id: number) => Promise<unknown>) {
  const queryClient = useQueryClient()
  const label = kind === 'user' ? 'User' : 'Listing'
  return useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      // A deleted user takes their listings along, and the admin's own listings may be among those deleted.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: listingKeys.all }),
      ])
      notify(`${label} deleted successfully`, undefined, 'success')
    },
    onError: (error) =>
      notify(
        `Failed to delete ${kind}`,
        failureMessage(error, `The ${kind} could not be deleted. Please try again.`, NO_CONNECTION),
        'error',
      ),
  })
}

export const useDeleteUser = () =>
  useAdminDelete('user', (id) => okJson(api.admin.users[':id'].$delete({ param: { id: String(id) } })))
export const useDeleteAnyListing = () =>
  useAdminDelete('listing', (id) => okJson(api.admin.listings[':id'].$delete({ param: { id: String(id) } })))
