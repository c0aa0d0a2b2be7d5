// What the Dashboard shows of the listings, kept in its address (/?q=levi&status=ready&sort=price-low): the search, the
// status filter and the sort. In the address they survive a reload, Edit and the browser's Back; the edit screen goes
// back to the view the seller left (lastDashboardView), not to a reset one.
import * as v from 'valibot'
import {
  LIVE_ON_FILTERS,
  ListingSortSchema,
  SearchTextSchema,
  type ListingFilter,
  type ListingSort,
} from '../../api/contract/listing-search.ts'
import type { ListingSearchView } from '../queries/listing-queries.ts'

/** The Dashboard's filter chips: a status (Draft is the phone's own), or live on one marketplace, after Live. */
export type StatusFilter = 'all' | 'draft' | ListingFilter
export const STATUS_FILTERS: readonly StatusFilter[] = [
  'all',
  'draft',
  'ready',
  'live',
  ...LIVE_ON_FILTERS,
  'sold',
  'ended',
]

export interface DashboardView {
  q?: string
  status?: Exclude<StatusFilter, 'all'>
  /** Newest first unless set. */
  sort?: ListingSort
}

const StatusSchema = v.picklist(STATUS_FILTERS.filter((filter) => filter !== 'all'))

/** Keeps what is valid and not a default, so / stays / and a mangled address shows the whole list. */
export function dashboardView(search: Record<string, unknown>): DashboardView {
  // The router reads a number-like value as a number: a search for 501 is still text.
  const q = v.safeParse(SearchTextSchema, typeof search.q === 'number' ? String(search.q) : search.q)
  const status = v.safeParse(StatusSchema, search.status)
  const sort = v.safeParse(ListingSortSchema, search.sort)
  return {
    ...(q.success && q.output ? { q: q.output } : {}),
    ...(status.success ? { status: status.output } : {}),
    ...(sort.success && sort.output !== 'newest' ? { sort: sort.output } : {}),
  }
}

/** The listings the server is asked for with this view (Draft and All ask for every status). */
export const searchOf = ({ q = '', status, sort = 'newest' }: DashboardView): ListingSearchView => ({
  q,
  status: status === 'draft' ? undefined : status,
  sort,
})

let last: DashboardView = {}

/** Called by the Dashboard as its view changes. */
export const rememberDashboardView = (view: DashboardView) => void (last = view)

/** Where the edit and create screens go back to: the Dashboard as the seller left it in this tab. */
export const backToDashboard = () => ({ to: '/' as const, search: last })
