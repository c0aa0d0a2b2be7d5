// Preview (docs/product.md §2): every photo in two columns, title, the price it sells at (the seller's Price), the new
// and used prices as the references they are (or N/A), description, keywords, colour and quantity.
import type { Listing } from '../../../api/contract/listing.ts'
import { listedPrice } from '../../../api/contract/listing-status.ts'
import { COLORS, labelOf } from '../../../api/contract/options.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'

export function PreviewDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title={listing?.title ?? 'Preview'} wide>
      {listing && (
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          {listing.images.length > 0 && (
            <ul className="grid grid-cols-2 gap-2" aria-label="Photos">
              {listing.images.map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={`Photo ${index + 1} of ${listing.title}`}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold text-slate-900">Title</dt>
            <dd>{listing.title}</dd>
            <dt className="font-semibold text-slate-900">Price</dt>
            <dd>${listedPrice(listing).value.toFixed(2)}</dd>
            <dt className="font-semibold text-slate-900">Retail price (new), for reference</dt>
            <dd>{listing.price ? `$${listing.price}` : 'N/A'}</dd>
            <dt className="font-semibold text-slate-900">Median used price, for reference</dt>
            <dd>{listing.medianUsedPrice ? `$${listing.medianUsedPrice}` : 'N/A'}</dd>
            <dt className="font-semibold text-slate-900">Description</dt>
            <dd className="whitespace-pre-line">{listing.description || '—'}</dd>
            <dt className="font-semibold text-slate-900">Keywords</dt>
            <dd>{listing.keywords.join(', ') || '—'}</dd>
            <dt className="font-semibold text-slate-900">Color</dt>
            <dd>{labelOf(COLORS, listing.color)}</dd>
            <dt className="font-semibold text-slate-900">Quantity</dt>
            <dd>{listing.quantity}</dd>
          </dl>
          <Button variant="secondary" onClick={onClose} className="self-end">
            Close
          </Button>
        </div>
      )}
    </Dialog>
  )
}
