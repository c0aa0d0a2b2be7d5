// What the chosen listings' labels carry, read from the server (docs/decisions/0044).
import { queryOptions } from '@tanstack/react-query'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

export const labelsQuery = (ids: string) =>
  queryOptions({
    queryKey: ['labels', ids],
    queryFn: ({ signal }) => okJson(api.labels.$get({ query: { ids } }, cancelledBy(signal))),
  })
