// The sales behind a figure (the Insights', the tax year's), a page at a time, from the server; nothing of them is kept
// for offline use.
import { infiniteQueryOptions } from '@tanstack/react-query'
import type { DayRange } from '../../api/contract/day-range.ts'
import type { SoldOn } from '../../api/contract/listing.ts'
import { api, cancelledBy, okJson } from '../lib/api.ts'

/** The sales behind a figure: the days, a marketplace when the figure is one marketplace's, or only those refunded. */
export interface SalesBehind extends DayRange {
  marketplace?: SoldOn
  refunded?: boolean
}

export const salesBehindQuery = (behind: SalesBehind) =>
  infiniteQueryOptions({
    queryKey: ['sales-behind', behind],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      okJson(
        api.insights.sales.$get(
          {
            query: {
              ...(behind.from ? { from: behind.from } : {}),
              ...(behind.to ? { to: behind.to } : {}),
              ...(behind.marketplace ? { marketplace: behind.marketplace } : {}),
              ...(behind.refunded ? { refunded: 'true' as const } : {}),
              ...(pageParam ? { after: pageParam } : {}),
            },
          },
          cancelledBy(signal),
        ),
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  })
