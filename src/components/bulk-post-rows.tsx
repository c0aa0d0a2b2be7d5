// The pieces every stage and every marketplace's section of the bulk post draws a listing with: its thumbnail and row, the small action buttons,
// and the line that says something is under way.
import type { ReactNode } from 'react'
import type { Listing } from '../../api/contract/listing.ts'
import { thumbnailOf } from '../../api/contract/photos.ts'

export function Thumbnail({ listing }: { listing: Listing | undefined }) {
  const first = listing?.images[0]
  return first ? (
    <img
      src={thumbnailOf(first)}
      alt=""
      width={40}
      height={40}
      className="h-10 w-10 shrink-0 rounded-md bg-slate-100 object-cover"
    />
  ) : (
    <div className="h-10 w-10 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
  )
}

const ACTION_SHAPE =
  'inline-flex min-h-9 shrink-0 items-center justify-center whitespace-nowrap rounded-lg border bg-white px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700'
export const SMALL_ACTION = `${ACTION_SHAPE} border-slate-300 text-slate-800 hover:bg-slate-50`
export const LINK_ACTION = `${ACTION_SHAPE} border-indigo-200 text-indigo-700 hover:bg-indigo-50`

export function ItemRow({
  title,
  listing,
  state,
  action,
}: {
  title: string
  listing: Listing | undefined
  state: ReactNode
  action?: ReactNode
}) {
  return (
    <li aria-label={title} className="flex items-center gap-3 py-2">
      <Thumbnail listing={listing} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{title}</p>
        <div className="text-sm">{state}</div>
      </div>
      {action}
    </li>
  )
}

export const Working = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1.5 text-slate-600">
    <span
      className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-700"
      aria-hidden="true"
    />
    {children}
  </span>
)

/** Opens the listing in that marketplace's Post dialog, where what it needs can be filled in and it is posted on its own. */
export function FixButton({
  title,
  where,
  onFix,
  missing = false,
}: {
  title: string
  /** The marketplace's name. */
  where: string
  onFix: () => void
  missing?: boolean
}) {
  return (
    <button
      type="button"
      className={SMALL_ACTION}
      onClick={onFix}
      aria-label={missing ? `Add details for ${where}: ${title}` : `Open in Post to ${where}: ${title}`}
    >
      {missing ? 'Add details' : 'Open'}
    </button>
  )
}

export function Actions({ children }: { children: ReactNode }) {
  // Within its parent's box (a sticky element is kept inside it, so a negative margin would lift it over the text).
  return (
    <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 pt-3 pb-[max(0.25rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end">
      {children}
    </div>
  )
}
