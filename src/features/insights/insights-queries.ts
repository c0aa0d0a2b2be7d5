// The Insights' reads (docs/decisions/0043): the figures for the days chosen, and the sales behind a figure, a page at
// a time. Both from the server; nothing of them is kept for offline use.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { DayRange } from '../../../api/contract/day-range.ts'
import type { SoldOn } from '../../../api/contract/listing.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

const insightKeys = { all: ['insights'] as const }

/** The days as the query string takes them: a day left out is not sent. */
const dayQuery = ({ from, to }: DayRange) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) })

export const insightsQuery = (days: DayRange) =>
  queryOptions({
    queryKey: [...insightKeys.all, days],
    queryFn: ({ signal }) => okJson(api.insights.$get({ query: dayQuery(days) }, cancelledBy(signal))),
  })

/** The sales behind a figure: the days, and a marketplace when the figure is one marketplace's. */
export interface SalesBehind extends DayRange {
  marketplace?: SoldOn
}

export const salesBehindQuery = (behind: SalesBehind) =>
  infiniteQueryOptions({
    queryKey: [...insightKeys.all, 'sales', behind],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      okJson(
        api.insights.sales.$get(
          {
            query: {
              ...dayQuery(behind),
              ...(behind.marketplace ? { marketplace: behind.marketplace } : {}),
              ...(pageParam ? { after: pageParam } : {}),
            },
          },
          cancelledBy(signal),
        ),
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  })
