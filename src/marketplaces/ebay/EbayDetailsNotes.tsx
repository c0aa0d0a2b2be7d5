// What the Post to eBay dialog says beside its fields: selling policies still to set up on eBay (the bulk post's check
// says it too), what only an edit of the listing can add, what the AI guessed of the parcel eBay will get (issue 47),
// and the other item specifics that go with the listing.
import { EBAY_POLICIES_PAGE, type EbayAspectValue } from '../../../api/contract/ebay-publish.ts'
import { parcelGuessed, parcelText } from '../../../api/contract/guesses.ts'
import type { Listing } from '../../../api/contract/listing.ts'

const NOTE = 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900'

export function PoliciesProblem({ problem }: { problem: string }) {
  return (
    <div role="alert" className={NOTE}>
      <p>{problem}</p>
      <a
        href={EBAY_POLICIES_PAGE}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-block font-medium underline"
      >
        Open eBay business policies
      </a>
    </div>
  )
}

export function ListingGaps({ gaps }: { gaps: string[] }) {
  if (!gaps.length) return null
  return (
    <p role="alert" className={NOTE}>
      eBay needs {gaps.join(' and ')} for this listing. Edit the listing to add {gaps.length > 1 ? 'them' : 'it'}, then
      post it.
    </p>
  )
}

/** The parcel the AI guessed: shown before it goes, since eBay prices calculated shipping by it. */
export function GuessedParcel({ listing }: { listing: Listing }) {
  if (!parcelGuessed(listing.guesses)) return null
  return (
    <p className={NOTE}>
      The AI guessed the parcel: <span className="font-medium">{parcelText(listing)}</span>. eBay prices calculated
      shipping by it, and Post to eBay sends it as shown: edit the listing first if it is not right.
    </p>
  )
}

export function OtherAspects({ aspects }: { aspects: EbayAspectValue[] }) {
  if (!aspects.length) return null
  return (
    <section aria-labelledby="ebay-other-details-heading" className="flex flex-col gap-1">
      <h3 id="ebay-other-details-heading" className="text-sm font-semibold text-slate-900">
        Also sent to eBay
      </h3>
      <p className="text-sm text-slate-600">From the listing and its photos. Edit the listing to change them.</p>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {aspects.map((aspect) => (
          <li key={aspect.name}>
            {aspect.name}: <span className="font-medium text-slate-900">{aspect.value}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
