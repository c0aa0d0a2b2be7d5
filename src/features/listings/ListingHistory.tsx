// A listing's history under its sales (issue 50, docs/decisions/0073): each step in order with where and when, so a
// sale that did not happen reads as it went: sold, cancelled, live again on each marketplace it was on.
import { LISTING_STEP_LABELS, type ListingStep } from '../../../api/contract/listing-steps.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'

const whenOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/** "Sold 2 on <marketplace>", "Live again on <marketplace>": the step, its pieces when more than one, and where. */
export function stepWords({ step, marketplace, pieces }: ListingStep): string {
  const where = marketplace === 'elsewhere' ? SOLD_ON_LABELS.elsewhere : `on ${SOLD_ON_LABELS[marketplace]}`
  return [LISTING_STEP_LABELS[step], pieces !== null && pieces > 1 ? String(pieces) : '', where]
    .filter(Boolean)
    .join(' ')
}

export function ListingHistory({ steps }: { steps: ListingStep[] }) {
  if (steps.length === 0) return null
  return (
    <section aria-label="History" className="rounded-md bg-slate-50 p-2">
      <h4 className="font-semibold">History</h4>
      <ol className="mt-1 space-y-0.5">
        {steps.map((step, index) => (
          <li key={`${step.at}-${index}`} className="flex justify-between gap-3">
            <span>{stepWords(step)}</span>
            <time dateTime={step.at} className="text-slate-600 tabular-nums">
              {whenOf(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  )
}
