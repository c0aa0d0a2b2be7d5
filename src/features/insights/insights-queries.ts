// The Insights' reads (docs/decisions/0043): the figures for the days chosen (the sales behind a figure are shared with
// the tax year: src/queries/sales-behind-queries.ts). From the server; nothing of them is kept for offline use.
import { queryOptions } from '@tanstack/react-query'
import type { DayRange } from '../../../api/contract/day-range.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

const insightKeys = { all: ['insights'] as const }

/** The days as the query string takes them: a day left out is not sent. */
const dayQuery = ({ from, to }: DayRange) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) })

export const insightsQuery = (days: DayRange) =>
  queryOptions({
    queryKey: [...insightKeys.all, days],
    queryFn: ({ signal }) => okJson(api.insights.$get({ query: dayQuery(days) }, cancelledBy(signal))),
  })
