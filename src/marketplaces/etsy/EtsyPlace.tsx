// Where a listing stands on Etsy, on a line of its own under the row's eBay lines (issue 29): live there with the
// listing's link, ended (by a sale elsewhere: which, and when), sold, a change on its way ("Ending on Etsy…" once it
// sold elsewhere), Etsy's refusal, or a publish that stopped half way (Post to Etsy again goes on from where it
// stopped). Nothing before Etsy has it. eBay's badge and lines are untouched.
import type { Listing } from '../../../api/contract/listing.ts'
import { endedBySale } from '../../lib/ended-by-sale.ts'

type EtsyStatus = NonNullable<Listing['etsyStatus']>

const SAID: Record<EtsyStatus, { text: string; tone: string }> = {
  active: { text: 'Live on Etsy', tone: 'text-emerald-800' },
  inactive: { text: 'Ended on Etsy', tone: 'text-amber-900' },
  sold: { text: 'Sold on Etsy', tone: 'text-indigo-800' },
  draft: { text: 'Not live on Etsy yet: Post to Etsy again to finish', tone: 'text-slate-600' },
}

/** A change on its way to Etsy (an edit, or a sale elsewhere taking it down), or Etsy's refusal of the last one. */
function revisionSaid(listing: Listing): { text: string; tone: string } | null {
  if (listing.etsyRevisionStatus === 'refused')
    return { text: `Not updated on Etsy: ${listing.etsyRevisionMessage ?? ''}`, tone: 'text-red-700' }
  if (listing.etsyRevisionStatus !== 'pending' || listing.etsyStatus === 'draft') return null
  if (listing.quantity === 0 && listing.etsyStatus === 'active')
    return { text: 'Ending on Etsy…', tone: 'text-slate-600' }
  return { text: 'Updating on Etsy…', tone: 'text-slate-600' }
}

export function EtsyPlace({ listing }: { listing: Listing }) {
  // Listings kept offline from before the field existed have none.
  if (!listing.etsyStatus) return null
  // Ended on Etsy because the last piece sold elsewhere: which sale, and when (issue 47).
  const ended = listing.etsyStatus === 'inactive' ? endedBySale(listing, 'etsy') : null
  const { text, tone } =
    revisionSaid(listing) ?? (ended ? { text: ended, tone: SAID.inactive.tone } : SAID[listing.etsyStatus])
  return (
    <p className="mt-0.5 flex items-center gap-2 text-xs">
      <span role="status" className={`font-medium ${tone}`}>
        {text}
      </span>
      {listing.etsyStatus === 'active' && listing.etsyViewUrl && (
        <a
          href={listing.etsyViewUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View on Etsy: ${listing.title}`}
          className="inline-flex min-h-6 items-center font-semibold text-indigo-700 underline-offset-2 hover:underline"
        >
          {/* "View", as eBay's beside its pill: "View on Etsy" after the words took a line of its own on a 390 px phone. */}
          View
        </a>
      )}
    </p>
  )
}
