// The Dashboard's search (title, brand, keywords, SKU), status filters with their counts, and sort (docs/product.md §2):
// the search on a line with what the Dashboard puts beside it (Scan label), the filters on one line that scrolls
// sideways on a phone with the sort at its end, so the first row of listings shows under them.
import { useEffect, useRef, type ReactNode } from 'react'
import {
  isLiveOnFilter,
  LISTING_SORTS,
  marketplaceOf,
  SORT_LABELS,
  type ListingSort,
} from '../../../api/contract/listing-search.ts'
import { SOLD_ON_LABELS, STATUS_LABELS } from '../../../api/contract/listing-status.ts'
import { STATUS_FILTERS, type StatusFilter } from '../../lib/dashboard-view.ts'

/** "All", a status ("Live": live anywhere), or live on one marketplace ("Live on <marketplace>"). */
function labelOf(filter: StatusFilter): string {
  if (filter === 'all') return 'All'
  return isLiveOnFilter(filter)
    ? `${STATUS_LABELS.live} on ${SOLD_ON_LABELS[marketplaceOf(filter)]}`
    : STATUS_LABELS[filter]
}

interface StatusFiltersProps {
  /** Unknown until the listings have loaded (or were last seen on this phone). */
  counts: Record<StatusFilter, number> | undefined
  chosen: StatusFilter
  onChoose: (filter: StatusFilter) => void
  search: string
  onSearch: (text: string) => void
  sort: ListingSort
  onSort: (sort: ListingSort) => void
  /** Beside the search box. */
  besideSearch?: ReactNode
}

/**
 * Fades the element's last 15 %. Set from script rather than as a class: the stylesheet is inlined in every page the
 * server sends, /auth's too, whose bytes are counted (tests/e2e/budgets.spec.ts); and rather than in the markup, which
 * the Content-Security-Policy refuses a style attribute in.
 */
const fadeEnd = (element: HTMLElement | null) =>
  void element?.style.setProperty('mask-image', 'linear-gradient(90deg, #000 85%, #0000)')

const FIELD =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700'

/**
 * Brings the chosen chip into the strip's view, clear of its faded end: a phone landing on a filter further along
 * (Live on Shopify, say) otherwise saw the first chips and none of them pressed.
 */
function showChosen(strip: HTMLElement | null) {
  const chip = strip?.querySelector<HTMLElement>('[aria-pressed="true"]')
  if (!strip || !chip) return
  const [view, box] = [strip.getBoundingClientRect(), chip.getBoundingClientRect()]
  // The strip's own padding (p-2) on the left; its faded 15 % on the right.
  const [clearLeft, clearRight] = [view.left + 8, view.left + view.width * 0.85]
  if (box.left < clearLeft) strip.scrollLeft -= clearLeft - box.left
  else if (box.right > clearRight) strip.scrollLeft += box.right - clearRight
}

export function StatusFilters(props: StatusFiltersProps) {
  const { counts, chosen, onChoose, search, onSearch, sort, onSort, besideSearch } = props
  const strip = useRef<HTMLDivElement | null>(null)
  // On a choice and on landing only: a seller scrolling the strip to look is not pulled back on the next render.
  useEffect(() => showChosen(strip.current), [chosen])
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Title, brand, keyword or SKU"
          aria-label="Search listings"
          className={`${FIELD} min-w-0 flex-1 placeholder:text-slate-500`}
        />
        {besideSearch}
      </div>
      <div className="flex items-center gap-2">
        {/* Its end fades, so a phone shows there are more filters to scroll to; the spacer lets the last one clear it. */}
        <div
          role="group"
          aria-label="Filter by status"
          ref={(element) => {
            strip.current = element
            fadeEnd(element)
          }}
          className="-mx-2 -my-2 flex min-w-0 flex-1 gap-2 overflow-x-auto p-2"
        >
          {STATUS_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={chosen === filter}
              onClick={() => onChoose(filter)}
              className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 aria-pressed:border-indigo-700 aria-pressed:bg-indigo-700 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
            >
              {labelOf(filter)}
              {/* Until the counts arrive a hidden digit holds their place, so the chips do not move when they come. */}
              {counts ? (
                <span className="tabular-nums opacity-80">{counts[filter]}</span>
              ) : (
                <span aria-hidden="true" className="invisible tabular-nums">
                  0
                </span>
              )}
            </button>
          ))}
          <span aria-hidden="true" className="w-6 shrink-0" />
        </div>
        <select
          aria-label="Sort"
          value={sort}
          onChange={(event) => onSort(event.target.value as ListingSort)}
          className={`${FIELD} w-32 shrink-0`}
        >
          {LISTING_SORTS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
