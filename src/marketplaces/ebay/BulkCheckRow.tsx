// One chosen listing in the bulk post's eBay check: checking, live already, what it needs (Add details), what Snaplist
// only guessed of it (Looks right, or Check in Post to eBay: issue 47), or that it can go as it is (Leave out).
import type { Listing } from '../../../api/contract/listing.ts'
import type { Check } from './bulk-post-check.ts'
import { FixButton, ItemRow, SMALL_ACTION, Working } from '../../components/bulk-post-rows.tsx'

interface CheckRowProps {
  listing: Listing
  check: Check
  leftOut: boolean
  onToggleLeftOut: () => void
  onFix: () => void
  /** The seller says the guessed values are right. */
  onLooked: () => void
  looking: boolean
}

export function CheckRow({ listing, check, leftOut, onToggleLeftOut, onFix, onLooked, looking }: CheckRowProps) {
  const { title } = listing
  const fix = <FixButton title={title} where="eBay" onFix={onFix} missing={check.kind === 'needs'} />
  switch (check.kind) {
    case 'checking':
      return <ItemRow title={title} listing={listing} state={<Working>Checking…</Working>} />
    case 'live':
      return (
        <ItemRow
          title={title}
          listing={listing}
          state={<span className="font-medium text-emerald-800">Already live on eBay</span>}
        />
      )
    case 'needs':
      return (
        <ItemRow
          title={title}
          listing={listing}
          action={fix}
          state={<span className="font-medium text-amber-900">Needs something: {check.needs.join(', ')}</span>}
        />
      )
    case 'failed':
      return (
        <ItemRow
          title={title}
          listing={listing}
          action={fix}
          state={<span className="text-red-700">Could not check: {check.reason}</span>}
        />
      )
    case 'look':
      return (
        <ItemRow
          title={title}
          listing={listing}
          state={
            <div className="flex flex-col gap-1">
              <span className="font-medium text-amber-900">Needs a look: the AI guessed</span>
              {check.seen.map((value) => (
                <span key={value} className="text-slate-700">
                  {value}
                </span>
              ))}
              <span className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={SMALL_ACTION}
                  disabled={looking}
                  onClick={onLooked}
                  aria-label={`Looks right: ${title}`}
                >
                  Looks right
                </button>
                <button
                  type="button"
                  className={SMALL_ACTION}
                  onClick={onFix}
                  aria-label={`Check in Post to eBay: ${title}`}
                >
                  Check
                </button>
              </span>
            </div>
          }
        />
      )
    case 'ready':
      return (
        <ItemRow
          title={title}
          listing={listing}
          state={
            leftOut ? (
              <span className="text-slate-600">Left out</span>
            ) : (
              <span className="text-emerald-800">
                <span aria-hidden="true">✓ </span>Can go as it is
              </span>
            )
          }
          action={
            <button
              type="button"
              className={SMALL_ACTION}
              onClick={onToggleLeftOut}
              aria-label={`${leftOut ? 'Put back' : 'Leave out'}: ${title}`}
            >
              {leftOut ? 'Put back' : 'Leave out'}
            </button>
          }
        />
      )
  }
}
