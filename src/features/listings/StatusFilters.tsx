// The Dashboard's status filters with their counts, and the search by title (docs/product.md §2).
import { STATUS_LABELS, type DashboardStatus } from '../../../api/contract/listing.ts'

export type StatusFilter = 'all' | DashboardStatus

const FILTERS: StatusFilter[] = ['all', 'draft', 'ready', 'live', 'sold', 'ended']
const labelOf = (filter: StatusFilter) => (filter === 'all' ? 'All' : STATUS_LABELS[filter])

interface StatusFiltersProps {
  counts: Record<StatusFilter, number>
  chosen: StatusFilter
  onChoose: (filter: StatusFilter) => void
  search: string
  onSearch: (text: string) => void
}

export function StatusFilters({ counts, chosen, onChoose, search, onSearch }: StatusFiltersProps) {
  return (
    <div className="flex flex-col gap-3">
      <input
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="Search by title"
        aria-label="Search listings by title"
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-700"
      />
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={chosen === filter}
            onClick={() => onChoose(filter)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 aria-pressed:border-indigo-700 aria-pressed:bg-indigo-700 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
          >
            {labelOf(filter)}
            <span className="tabular-nums opacity-80">{counts[filter]}</span>
          </button>
        ))}
      </div>
    </div>
  )
}
