// Post many to eBay (docs/product.md §17): the listings chosen on the Dashboard, each checked as the Post to eBay
// dialog checks one (what eBay needs, read through the same query), named with what it needs; those that need
// something can be opened in the Post to eBay dialog or stay behind. One confirmation sends the request (its clientId
// made once and kept, bulk-post-pending.ts), then each listing's progress, then the summary with View on eBay links.
// Loaded on the first 'Post N to eBay' tap, not with the Dashboard.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { cachedListings } from '../../queries/listing-cache.ts'
import { clearPendingBulkPost, readPendingBulkPost, startPendingBulkPost } from './bulk-post-pending.ts'
import { PostToEbayDialog } from './PostToEbayDialog.tsx'
import { Checking } from './BulkPostChecking.tsx'
import { Sending } from './BulkPostProgress.tsx'

const TITLE = 'Post many to eBay'

export interface BulkPostDialogProps {
  userId: number
  /** The listings chosen on the Dashboard. */
  listingIds: number[]
  /** Reopen the request confirmed before a reload, kept on the phone, instead of checking listingIds. */
  resume: boolean
  ebayConnected: boolean
  onClose: () => void
}

export function BulkPostDialog({ userId, listingIds, resume, ebayConnected, onClose }: BulkPostDialogProps) {
  const [pending, setPending] = useState(() => (resume ? readPendingBulkPost(userId) : null))
  const [leftOut, setLeftOut] = useState<ReadonlySet<number>>(new Set())
  const [postalCode, setPostalCode] = useState('')
  // The Post to eBay dialog for one listing, in place of this one until it closes.
  const [fixing, setFixing] = useState<Listing | null>(null)
  const queryClient = useQueryClient()
  const close = () => {
    clearPendingBulkPost(userId)
    onClose()
  }
  // The listing as the dialog's lists hold it (the chosen listings, fetched by Checking and Sending).
  const fix = (listingId: number) =>
    setFixing(cachedListings(queryClient).find((listing) => listing.id === listingId) ?? null)

  return (
    <>
      <Dialog open={fixing === null} onClose={close} title={TITLE}>
        {pending ? (
          <Sending pending={pending} onFix={fix} onClose={close} />
        ) : (
          <Checking
            listingIds={listingIds}
            ebayConnected={ebayConnected}
            leftOut={leftOut}
            onToggleLeftOut={(id) =>
              setLeftOut((before) => {
                const after = new Set(before)
                if (!after.delete(id)) after.add(id)
                return after
              })
            }
            postalCode={postalCode}
            onPostalCode={setPostalCode}
            onFix={(listing) => setFixing(listing)}
            onConfirm={(request) => setPending(startPendingBulkPost(userId, request))}
            onClose={close}
          />
        )}
      </Dialog>
      {/* The listing as it was when opened: once posted there, that dialog shows its own View on eBay. */}
      {fixing && <PostToEbayDialog listing={fixing} ebayConnected={ebayConnected} onClose={() => setFixing(null)} />}
    </>
  )
}
