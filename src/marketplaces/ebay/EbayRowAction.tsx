// eBay's place beside a row's Edit (SPEC's row, docs/product.md §2): once live there, the eBay pill and View (the
// listing on eBay when the server knows its address); while Ready there, the quick Post to eBay. Sold and Ended say so
// in the status badge; Relist is in the row's menu.
import type { Listing } from '../../../api/contract/listing.ts'
import { specMarketplaceStatus } from '../../../api/contract/listing-status.ts'
import { COMPACT_ACTION } from '../../components/listing-row-styles.ts'

function OnEbay({ listing }: { listing: Listing }) {
  return (
    <>
      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">eBay</span>
      {listing.viewUrl && (
        <a
          href={listing.viewUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View on eBay: ${listing.title}`}
          className={`${COMPACT_ACTION} ml-auto text-indigo-700 underline-offset-2 hover:underline`}
        >
          {/* "View" beside the eBay pill: "View on eBay" ran under the row's menu on a 390 px phone. */}
          View
        </a>
      )}
    </>
  )
}

export function EbayRowAction({ listing, onPost }: { listing: Listing; onPost: () => void }) {
  const onEbay = specMarketplaceStatus(listing)
  if (onEbay === 'live') return <OnEbay listing={listing} />
  if (onEbay !== 'ready') return null
  return (
    <button
      type="button"
      onClick={onPost}
      aria-label={`Post to eBay: ${listing.title}`}
      className={`${COMPACT_ACTION} ml-auto border border-indigo-200 bg-white text-indigo-700 hover:bg-indigo-50`}
    >
      Post to eBay
    </button>
  )
}
