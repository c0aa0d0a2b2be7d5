// What the chosen listings' labels carry and how they fall on the paper, read from the server (docs/decisions/0044).
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { LabelStock } from '../../../api/contract/labels.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

export const labelsQuery = (ids: string, paper: LabelStock, start: string) =>
  queryOptions({
    queryKey: ['labels', ids, paper, start],
    queryFn: ({ signal }) => okJson(api.labels.$get({ query: { ids, paper, start } }, cancelledBy(signal))),
    // Another paper or start keeps the sheet shown until the new answer is in.
    placeholderData: keepPreviousData,
  })
