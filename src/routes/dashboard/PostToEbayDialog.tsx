// The Post to eBay confirmation (SPEC §2): image, title, price, quantity, Cancel and Post to eBay. Posting is
// blocked here until an eBay account is connected (SPEC §4, §8).
import { thumbnailUrl, type Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { notify } from '../../lib/notify.tsx'

export function PostToEbayDialog({ listing, ebayConnected, onClose }: { listing: Listing | null; ebayConnected: boolean; onClose: () => void }) {
  const post = () => {
    if (!ebayConnected) {
      notify('eBay Not Connected', 'Please connect your eBay account first in the Connected Marketplaces section.', 'error')
      onClose()
    }
  }
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Post to eBay">
      {listing && (
        <div className="flex flex-col gap-4">
          <div className="flex gap-3">
            {listing.images[0] && <img src={thumbnailUrl(listing.images[0])} alt="" className="h-20 w-20 rounded-lg object-cover" />}
            <div className="text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{listing.title}</p>
              <p>Price: ${listing.price}</p>
              <p>Quantity: {listing.quantity}</p>
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={post}>Post to eBay</Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
