// Reviewing a haul (/haul/review?haul=<id>, docs/product.md §17): opens the next item whose suggestions are in, with
// the fields the AI filled marked to check. Create hands it to the outbox (it becomes a listing in the background, or
// once back online) and opens the next; Skip leaves it a draft and opens the next. Items still being analysed join
// the queue as their suggestions arrive.
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { buttonClass, Button } from '../../../components/ui/Button.tsx'
import { FullPageSpinner } from '../../../components/ui/Spinner.tsx'
import { ListingForm } from '../ListingForm.tsx'
import { useHaulItems, type HaulItemView } from './useHaul.ts'

const route = getRouteApi('/signed-in/haul/review')

/** Where the haul stands: created, to review, still being analysed, skipped. */
function tally(items: HaulItemView[], skipped: Set<string>) {
  const open = items.filter((view) => view.draft.state === 'editing')
  return {
    created: items.length - open.length,
    waiting: open.filter((view) => !view.analysed).length,
    skipped: open.filter((view) => view.analysed && skipped.has(view.draft.id)).length,
  }
}

function AllReviewed({
  haulId,
  items,
  skipped,
  onAgain,
}: {
  haulId: string
  items: HaulItemView[]
  skipped: Set<string>
  onAgain: () => void
}) {
  const { created, waiting, skipped: skippedCount } = tally(items, skipped)
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Haul reviewed</h1>
      <p role="status" className="text-slate-700">
        {created} of {items.length} created
        {waiting > 0 && ` · ${waiting} still being analysed: they appear here when ready`}
        {skippedCount > 0 && ` · ${skippedCount} skipped, kept as drafts`}
      </p>
      <div className="flex flex-wrap gap-2">
        {skippedCount > 0 && (
          <Button variant="secondary" onClick={onAgain}>
            Review the skipped ones
          </Button>
        )}
        <Link to="/haul" search={{ haul: haulId }} className={buttonClass('secondary')}>
          Back to the haul
        </Link>
        <Link to="/" className={buttonClass('primary')}>
          Dashboard
        </Link>
      </div>
    </div>
  )
}

function ReviewQueue({ haulId, items }: { haulId: string; items: HaulItemView[] }) {
  const [skipped, setSkipped] = useState(() => new Set<string>())
  // Created here: passed over at once, before the offline store's answer comes round.
  const [created, setCreated] = useState(() => new Set<string>())
  // The item on screen stays until the seller acts on it, even when one further up the haul is analysed meanwhile.
  const [showing, setShowing] = useState<string>()
  const open = (view: HaulItemView) =>
    view.draft.state === 'editing' && !created.has(view.draft.id) && !skipped.has(view.draft.id)
  const current =
    items.find((view) => view.draft.id === showing && open(view)) ?? items.find((view) => open(view) && view.analysed)
  if (current && showing !== current.draft.id) setShowing(current.draft.id)
  // Each item opens at its top (its photos and heading), not where the seller had scrolled to on the one before.
  const currentId = current?.draft.id
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' })
  }, [currentId])
  if (!current)
    return <AllReviewed haulId={haulId} items={items} skipped={skipped} onAgain={() => setSkipped(new Set())} />
  const id = current.draft.id
  return (
    <ListingForm
      key={id}
      draftId={id}
      view={current}
      review={{
        heading: `Review item ${items.indexOf(current) + 1} of ${items.length}`,
        onSubmitted: () => setCreated((before) => new Set(before).add(id)),
        onSkip: () => setSkipped((before) => new Set(before).add(id)),
      }}
    />
  )
}

export function HaulReviewScreen() {
  const { haul } = route.useSearch()
  const items = useHaulItems(haul ?? '')
  if (!items) return <FullPageSpinner label="Opening haul" />
  return <ReviewQueue key={haul} haulId={haul ?? ''} items={items} />
}
