// The top of a Post to … dialog (docs/product.md §2): the cover photo, title, price and quantity the seller is about to
// publish, the same for every marketplace.
import type { Listing } from '../../api/contract/listing.ts'
import { listedPrice } from '../../api/contract/listing-status.ts'
import { thumbnailOf } from '../../api/contract/photos.ts'

export function ListingSummary({ listing }: { listing: Listing }) {
  return (
    <div className="flex gap-3">
      {listing.images[0] && (
        <img src={thumbnailOf(listing.images[0])} alt="" className="h-20 w-20 rounded-lg object-cover" />
      )}
      <div className="min-w-0 text-sm text-slate-700">
        <p className="font-semibold break-words text-slate-900">{listing.title}</p>
        <p>Price: ${listedPrice(listing).value.toFixed(2)}</p>
        <p>Quantity: {listing.quantity}</p>
      </div>
    </div>
  )
}
