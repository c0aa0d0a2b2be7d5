// Post many to eBay, once confirmed: the request sent (again after a reload, with its clientId), then each listing's
// progress, then the summary with View on eBay links and what to fix for those eBay refused.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import type { EbayBulkPost, EbayBulkPostItem } from '../../../api/contract/ebay-bulk-post.ts'
import { isPostedToEbay, type Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { failureMessage } from '../../lib/api.ts'
import { chosenListingsQuery } from '../../queries/listing-cache.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import type { LeftOut, PendingBulkPost } from './bulk-post-pending.ts'
import { isTransient, useBulkPost, useSendBulkPost } from './bulk-post-queries.ts'
import { bulkRefusalReason } from './ebay-post-failure.ts'
import { Actions, FixButton, ItemRow, LINK_ACTION, Working } from './bulk-post-rows.tsx'

export function Sending({
  pending,
  onFix,
  onClose,
}: {
  pending: PendingBulkPost
  onFix: (listingId: number) => void
  onClose: () => void
}) {
  const send = useSendBulkPost()
  const sent = useRef(false)
  const { mutate } = send
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate(pending)
  }, [mutate, pending])

  if (send.data) return <Progress sent={send.data} leftOut={pending.leftOut} onFix={onFix} onClose={onClose} />
  if (send.isError) {
    const transient = isTransient(send.error)
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {transient
            ? 'Snaplist did not answer. Try again: listings already posted are not posted twice.'
            : failureMessage(send.error, 'Failed to post listing to eBay')}
        </p>
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {transient && <Button onClick={() => mutate(pending)}>Try again</Button>}
        </Actions>
      </div>
    )
  }
  return (
    <p role="status" className="py-4 text-sm text-slate-600">
      <Working>Sending {pending.listingIds.length} listings to eBay…</Working>
    </p>
  )
}

function ItemProgress({
  item,
  listing,
  onFix,
}: {
  item: EbayBulkPostItem
  listing: Listing | undefined
  onFix: () => void
}) {
  // Posted since through the Post to eBay dialog: it is live all the same.
  const liveNow = item.status !== 'posted' && listing && isPostedToEbay(listing)
  const viewUrl = item.viewUrl ?? (liveNow ? listing.viewUrl : null)
  if (item.status === 'posted' || liveNow) {
    return (
      <ItemRow
        title={item.title}
        listing={listing}
        state={<span className="font-medium text-emerald-800">Live on eBay</span>}
        action={
          viewUrl && (
            <a
              href={viewUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View on eBay: ${item.title}`}
              className={LINK_ACTION}
            >
              View on eBay
            </a>
          )
        }
      />
    )
  }
  if (item.status === 'queued')
    return <ItemRow title={item.title} listing={listing} state={<Working>Posting…</Working>} />
  const { reason } = bulkRefusalReason(item.code, item.message)
  return (
    <ItemRow
      title={item.title}
      listing={listing}
      state={<span className="text-red-700">Not posted: {reason}</span>}
      action={listing && <FixButton title={item.title} onFix={onFix} />}
    />
  )
}

function Progress({
  sent,
  leftOut,
  onFix,
  onClose,
}: {
  sent: EbayBulkPost
  leftOut: LeftOut[]
  onFix: (listingId: number) => void
  onClose: () => void
}) {
  const { post, error } = useBulkPost(sent)
  const ids = useMemo(() => [...post.items, ...leftOut].map((item) => item.listingId), [post.items, leftOut])
  const listings = useQuery(chosenListingsQuery(ids)).data
  const listingOf = (id: number) => listings?.find((listing) => listing.id === id)
  const answered = post.items.filter((item) => item.status !== 'queued').length
  // Live on eBay: posted by this request, or since, one at a time through the Post to eBay dialog.
  const liveNow = (id: number) => {
    const listing = listingOf(id)
    return listing !== undefined && isPostedToEbay(listing)
  }
  const live =
    post.items.filter((item) => item.status === 'posted' || liveNow(item.listingId)).length +
    leftOut.filter((item) => liveNow(item.listingId)).length
  const total = post.items.length + leftOut.length
  const notPosted = total - live
  const reconnect = post.items.some(
    (item) => item.status === 'refused' && bulkRefusalReason(item.code, item.message).reconnect,
  )
  const queryClient = useQueryClient()
  useEffect(() => {
    if (reconnect) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [reconnect, queryClient])

  return (
    <div className="flex flex-col gap-3">
      <div role="status" className="text-sm">
        {post.done ? (
          <>
            <p className="font-semibold text-slate-900">
              {live} of {total} posted to eBay
            </p>
            {notPosted > 0 && (
              <p className="text-slate-700">
                {notPosted === 1
                  ? '1 listing was not posted: it says why below.'
                  : `${notPosted} listings were not posted: each says why below.`}
              </p>
            )}
          </>
        ) : (
          <p className="text-slate-700">
            Posting to eBay: {answered} of {post.items.length} done…
          </p>
        )}
      </div>
      {error && !post.done && (
        <p className="text-sm text-amber-900">
          Snaplist is not answering just now; the posting goes on and this updates when it answers.
        </p>
      )}
      <ul aria-label="Listings posted" className="flex flex-col divide-y divide-slate-100">
        {post.items.map((item) => (
          <ItemProgress
            key={item.listingId}
            item={item}
            listing={listingOf(item.listingId)}
            onFix={() => onFix(item.listingId)}
          />
        ))}
        {leftOut.map((item) => {
          const listing = listingOf(item.listingId)
          const live = listing && isPostedToEbay(listing)
          return (
            <ItemRow
              key={item.listingId}
              title={item.title}
              listing={listing}
              state={
                live ? (
                  <span className="font-medium text-emerald-800">Live on eBay</span>
                ) : (
                  <span className="text-slate-700">
                    Not posted: {item.needs ? `left out, ${item.needs}` : 'left out'}
                  </span>
                )
              }
              action={
                listing &&
                !live && (
                  <FixButton title={item.title} onFix={() => onFix(item.listingId)} missing={item.needs !== null} />
                )
              }
            />
          )
        })}
      </ul>
      <Actions>
        <Button variant={post.done ? 'primary' : 'secondary'} onClick={onClose}>
          {post.done ? 'Done' : 'Close (posting goes on)'}
        </Button>
      </Actions>
    </div>
  )
}
