// The Post to eBay confirmation (docs/product.md §2): image, title, price, quantity, Cancel and Post to eBay. Without an eBay
// connection the dialog says so at once and offers Connect with eBay (tapping Post still gets docs/product.md §8's toast); for a
// listing already posted, posting is blocked with docs/product.md §8's toast. Connected, the dialog first shows what eBay
// requires for this listing and lets the seller set the Price, the category and condition and fill what is missing;
// after posting it offers 'View on eBay'.
import { useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { isPostedToSpecMarketplace } from '../../../api/contract/listing-status.ts'
import { ListingSummary } from '../../components/ListingSummary.tsx'
import { PostedView } from '../../components/PostedView.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { errorMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { useChooseEbayCategory } from '../../queries/ebay-category-queries.ts'
import { useEbayRequirements, usePostToEbay } from './ebay-publish-queries.ts'
import { NotConnected } from './NotConnected.tsx'
import { rememberPostAfterConnect } from './post-after-connect.ts'
import { EbayDetailsForm } from './EbayDetailsForm.tsx'

function BlockedActions({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const post = () => {
    if (isPostedToSpecMarketplace(listing)) notify('Already Posted', 'This listing is already posted to eBay.', 'info')
    else
      notify(
        'eBay Not Connected',
        'Please connect your eBay account first in the Connected Marketplaces section.',
        'error',
      )
    onClose()
  }
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button onClick={post}>Post to eBay</Button>
    </div>
  )
}

function Publishing({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  // A shipping policy the seller is looking at: eBay's needs are read for it, and it is kept only once posted.
  const [shippingPolicyId, setShippingPolicyId] = useState<string>()
  const requirements = useEbayRequirements(listing.id, undefined, shippingPolicyId)
  const chooseCategory = useChooseEbayCategory(listing.id)
  const post = usePostToEbay(listing.id)

  if (post.data) {
    return (
      <PostedView message={post.data.message} viewUrl={post.data.viewUrl} viewLabel="View on eBay" onClose={onClose} />
    )
  }
  if (requirements.isPending) {
    return (
      <div className="flex items-center gap-3 py-4 text-sm text-slate-600">
        <Spinner label="Checking what eBay needs" className="h-6 w-6" /> Checking what eBay needs for this listing…
      </div>
    )
  }
  if (requirements.isError) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(requirements.error)}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void requirements.refetch()}>Try again</Button>
        </div>
      </div>
    )
  }
  return (
    <EbayDetailsForm
      listing={listing}
      requirements={requirements.data}
      onChooseCategory={(category) => chooseCategory.mutate(category)}
      onChooseShipping={setShippingPolicyId}
      posting={post.isPending || chooseCategory.isPending || requirements.isPlaceholderData}
      onCancel={onClose}
      onPost={(input, onRefused) => post.mutate(input, { onError: onRefused })}
    />
  )
}

export function PostToEbayDialog({
  listing,
  ebayConnected,
  onClose,
}: {
  listing: Listing | null
  ebayConnected: boolean
  onClose: () => void
}) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Post to eBay">
      {listing && (
        <div className="flex flex-col gap-4">
          <ListingSummary listing={listing} />
          {!ebayConnected && !isPostedToSpecMarketplace(listing) && (
            <NotConnected what="this listing" onConnect={() => rememberPostAfterConnect(listing.id)} />
          )}
          {ebayConnected && !isPostedToSpecMarketplace(listing) ? (
            <Publishing key={listing.id} listing={listing} onClose={onClose} />
          ) : (
            <BlockedActions listing={listing} onClose={onClose} />
          )}
        </div>
      )}
    </Dialog>
  )
}
