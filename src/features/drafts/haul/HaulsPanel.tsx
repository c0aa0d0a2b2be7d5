// The Dashboard's hauls with items still to review or create: how far each is, and Continue. Their items are drafts,
// but a haul of thirty is one row here rather than thirty under Drafts.
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/Button.tsx'
import { useHaulSummaries } from './useHaul.ts'

export function HaulsPanel() {
  const hauls = useHaulSummaries()
  if (!hauls?.length) return null
  return (
    <section aria-labelledby="hauls-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="hauls-heading" className="text-lg font-semibold text-slate-900">
        Hauls
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {hauls.map((haul) => (
          <li key={haul.haulId} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">Haul of {new Date(haul.startedAt).toLocaleDateString()}</p>
              <p className="text-sm text-slate-600" role="status">
                {haul.items} items · {haul.analysed} of {haul.items} ready · {haul.unfinished} to create
              </p>
            </div>
            <div className="flex gap-2">
              <Link
                to="/haul"
                search={{ haul: haul.haulId }}
                className={buttonClass('secondary')}
                aria-label={`Continue the haul of ${new Date(haul.startedAt).toLocaleDateString()}`}
              >
                Continue
              </Link>
              {haul.toReview > 0 && (
                <Link
                  to="/haul/review"
                  search={{ haul: haul.haulId }}
                  className={buttonClass('primary')}
                  aria-label={`Review the haul of ${new Date(haul.startedAt).toLocaleDateString()}`}
                >
                  Review
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
