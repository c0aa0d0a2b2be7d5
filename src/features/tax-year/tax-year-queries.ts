// The tax year's reads (docs/decisions/0061): the summary of a year, and its expenses and trips a page at a time. All
// from the server; a change refetches them all, as every figure of the year moves with it.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ExpenseCategory } from '../../../api/contract/expenses.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

const taxYearKeys = { all: ['tax-year'] as const }

export const taxYearQuery = (year: number) =>
  queryOptions({
    queryKey: [...taxYearKeys.all, 'summary', year],
    queryFn: ({ signal }) =>
      okJson(api['tax-years'][':year'].$get({ param: { year: String(year) } }, cancelledBy(signal))),
  })

export interface ExpenseSearch {
  year: number
  q: string
  category: ExpenseCategory | ''
}

export const expensesQuery = ({ year, q, category }: ExpenseSearch) =>
  infiniteQueryOptions({
    queryKey: [...taxYearKeys.all, 'expenses', year, q, category],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      okJson(
        api.expenses.$get(
          {
            query: {
              year: String(year),
              ...(q ? { q } : {}),
              ...(category ? { category } : {}),
              ...(pageParam ? { after: pageParam } : {}),
            },
          },
          cancelledBy(signal),
        ),
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  })

export const tripsQuery = (year: number) =>
  infiniteQueryOptions({
    queryKey: [...taxYearKeys.all, 'trips', year],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      okJson(
        api.trips.$get(
          { query: { year: String(year), ...(pageParam ? { after: pageParam } : {}) } },
          cancelledBy(signal),
        ),
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  })

/** Every figure of the year moves with an expense or a trip: read them again. */
export const refreshTaxYear = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: taxYearKeys.all })
