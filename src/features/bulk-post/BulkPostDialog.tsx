// Post many (docs/product.md §17, decision 0064): the listings chosen on the Dashboard, to every marketplace the seller
// connected (each can be unticked), each marketplace's section checking them and asking once for all what it needs;
// one confirmation sends the request (its clientId made once and kept, bulk-post-pending.ts), then each listing's
// progress on each marketplace, then the summary. Names no marketplace: the parts come from the Dashboard.
// Loaded on the first 'Post N' tap, not with the Dashboard.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { marketplaceConnectionsQuery } from '../../queries/marketplace-queries.ts'
import { clearPendingBulkPost, readPendingBulkPost, startPendingBulkPost } from './bulk-post-pending.ts'
import { Checking, type Kept } from './BulkPostChecking.tsx'
import { Sending } from './BulkPostProgress.tsx'

export interface BulkPostDialogProps {
  userId: number
  /** The listings chosen on the Dashboard. */
  listingIds: number[]
  /** Reopen the request confirmed before a reload, kept on the phone, instead of checking listingIds. */
  resume: boolean
  onClose: () => void
}

export function BulkPostDialog({
  userId,
  listingIds,
  resume,
  onClose,
  parts,
}: BulkPostDialogProps & { parts: readonly BulkPostPart[] }) {
  const [pending, setPending] = useState(() => (resume ? readPendingBulkPost(userId) : null))
  // One listing in one marketplace's own Post dialog, in place of this one until it closes.
  const [fixing, setFixing] = useState<{ listing: Listing; part: BulkPostPart } | null>(null)
  const [kept, setKept] = useState<Kept>({ unticked: [], drafts: {} })
  const connections = useQuery(marketplaceConnectionsQuery)
  const connected = parts.filter((part) =>
    connections.data?.some((connection) => connection.platform === part.id && connection.connected),
  )
  const close = () => {
    clearPendingBulkPost(userId)
    onClose()
  }
  const fix = (part: BulkPostPart) => (listing: Listing) => setFixing({ listing, part })

  return (
    <>
      <Dialog open={fixing === null} onClose={close} title="Post many">
        {pending ? (
          <Sending pending={pending} parts={parts} onFix={fix} onClose={close} />
        ) : (
          <Checking
            listingIds={listingIds}
            parts={connected}
            every={parts}
            kept={kept}
            onKept={setKept}
            loading={connections.isPending}
            onFix={fix}
            onConfirm={(request, leftOut) => setPending(startPendingBulkPost(userId, request, leftOut))}
            onClose={close}
          />
        )}
      </Dialog>
      {/* The listing as it was when opened: once posted there, that dialog shows its own View link. */}
      {fixing && <fixing.part.PostDialog listing={fixing.listing} onClose={() => setFixing(null)} />}
    </>
  )
}
