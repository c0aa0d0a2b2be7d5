// Post to Shopify (decision 0074, an equal of Post to eBay and Etsy): the listing's photo, title, price and quantity,
// what Shopify still needs, then the post; once live, its link on the store. Shopify's refusal is shown in its words.
import type { Listing } from '../../../api/contract/listing.ts'
import { ListingSummary } from '../../components/ListingSummary.tsx'
import { PostedView } from '../../components/PostedView.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { errorMessage } from '../../lib/api.ts'
import { shopifyNeeds, usePostToShopify } from './shopify-queries.ts'

function Posting({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const post = usePostToShopify(listing.id)
  if (post.data)
    return (
      <PostedView
        message={post.data.message}
        viewUrl={post.data.viewUrl}
        viewLabel="View on Shopify"
        onClose={onClose}
      />
    )
  const needs = shopifyNeeds(listing)
  return (
    <div className="flex flex-col gap-4">
      {needs.length > 0 && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Shopify needs {needs.join(', ')}. Edit the listing, then post.
        </p>
      )}
      <p className="text-sm text-slate-600">
        Snaplist makes a product in your store with this listing’s photos, price and quantity, and puts it on your
        Online Store.
      </p>
      {post.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(post.error)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={needs.length > 0 || post.isPending} onClick={() => post.mutate()}>
          {post.isPending ? 'Posting…' : 'Post to Shopify'}
        </Button>
      </div>
    </div>
  )
}

export function PostToShopifyDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Post to Shopify">
      {listing && (
        <div className="flex flex-col gap-4">
          <ListingSummary listing={listing} />
          <Posting key={listing.id} listing={listing} onClose={onClose} />
        </div>
      )}
    </Dialog>
  )
}
