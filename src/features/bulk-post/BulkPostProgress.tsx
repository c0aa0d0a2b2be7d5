// Post many, once confirmed: the request sent (again after a reload, with its clientId), then each listing's progress
// on each marketplace, then the summary: View links, and for each listing a marketplace refused, why, with Try again
// (a new request for that listing there alone: publishing is idempotent, so nothing goes up twice) and its own dialog.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { BulkPost, BulkPostItem } from '../../../api/contract/bulk-post.ts'
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { Actions, ItemRow, Working } from '../../components/bulk-post-rows.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { failureMessage } from '../../lib/api.ts'
import { uuid } from '../../lib/uuid.ts'
import { chosenListingsQuery } from '../../queries/listing-cache.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import type { PendingBulkPost } from './bulk-post-pending.ts'
import { isTransient, useBulkPost, useSendBulkPost } from './bulk-post-queries.ts'
import { namesOf } from './BulkPostChecking.tsx'
import { ItemLine, LeftOutLine, RetriedLine, type Fix } from './BulkPostLines.tsx'

interface SendingProps {
  pending: PendingBulkPost
  parts: readonly BulkPostPart[]
  onFix: Fix
  onClose: () => void
}

export function Sending({ pending, parts, onFix, onClose }: SendingProps) {
  const send = useSendBulkPost()
  const sent = useRef(false)
  const { mutate } = send
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate(pending.request)
  }, [mutate, pending])
  const going = parts.filter((part) => pending.request.marketplaces?.includes(part.id) ?? true)

  if (send.data) return <Progress sent={send.data} pending={pending} parts={going} onFix={onFix} onClose={onClose} />
  if (send.isError) {
    const transient = isTransient(send.error)
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {transient
            ? 'Snaplist did not answer. Try again: listings already posted are not posted twice.'
            : failureMessage(send.error, 'Failed to post these listings')}
        </p>
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {transient && <Button onClick={() => mutate(pending.request)}>Try again</Button>}
        </Actions>
      </div>
    )
  }
  return (
    <p role="status" className="py-4 text-sm text-slate-600">
      <Working>
        Sending {pending.request.listingIds.length} listings to {namesOf(going)}…
      </Working>
    </p>
  )
}

function Progress({
  sent,
  pending,
  parts,
  onFix,
  onClose,
}: {
  sent: BulkPost
  pending: PendingBulkPost
  parts: readonly BulkPostPart[]
  onFix: Fix
  onClose: () => void
}) {
  const { post, error } = useBulkPost(sent)
  const { leftOut, request } = pending
  const ids = useMemo(
    () => [...new Set([...post.items, ...leftOut].map((item) => item.listingId))],
    [post.items, leftOut],
  )
  const listings = useQuery(chosenListingsQuery(ids)).data
  const listingOf = (id: number) => listings?.find((listing) => listing.id === id)
  const partOf = (id: string) => parts.find((part) => part.id === id)
  const retry = useSendBulkPost()
  const [retried, setRetried] = useState<Record<string, BulkPost>>({})
  const keyOf = (item: { listingId: number; marketplace: string }) => `${item.listingId}:${item.marketplace}`
  const sendAgain = (item: BulkPostItem) => {
    const own = request.perListing.find((entry) => entry.listingId === item.listingId)
    retry.mutate(
      {
        clientId: uuid(),
        listingIds: [item.listingId],
        marketplaces: [item.marketplace],
        answers: request.answers,
        perListing: own ? [{ listingId: item.listingId, answers: own.answers }] : [],
      },
      { onSuccess: (again) => setRetried((before) => ({ ...before, [keyOf(item)]: again })) },
    )
  }

  const answered = post.items.filter((item) => item.status !== 'queued').length
  const liveOn = (part: BulkPostPart, item: { listingId: number; status?: string }) => {
    const listing = listingOf(item.listingId)
    return item.status === 'posted' || (listing !== undefined && part.isLive(listing))
  }
  const summary = parts.map((part) => {
    const mine = [...post.items, ...leftOut].filter((item) => item.marketplace === part.id)
    return { part, live: mine.filter((item) => liveOn(part, item)).length, total: mine.length }
  })
  const notPosted = summary.reduce((sum, { live, total }) => sum + total - live, 0)
  const reconnect = post.items.some(
    (item) => item.status === 'refused' && partOf(item.marketplace)?.refusalReason(item.code, item.message).reconnect,
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
            {summary.map(({ part, live, total }) => (
              <p key={part.id} className="font-semibold text-slate-900">
                {live} of {total} posted to {part.name}
              </p>
            ))}
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
            Posting to {namesOf(parts)}: {answered} of {post.items.length} done…
          </p>
        )}
      </div>
      {error && !post.done && (
        <p className="text-sm text-amber-900">
          Snaplist is not answering just now; the posting goes on and this updates when it answers.
        </p>
      )}
      <ul aria-label="Listings posted" className="flex flex-col divide-y divide-slate-100">
        {ids.map((listingId) => {
          const listing = listingOf(listingId)
          const items = post.items.filter((item) => item.listingId === listingId)
          const behind = leftOut.filter((item) => item.listingId === listingId)
          const title = items[0]?.title ?? behind[0]!.title
          return (
            <ItemRow
              key={listingId}
              title={title}
              listing={listing}
              state={
                <>
                  {items.map((item) => {
                    const part = partOf(item.marketplace)
                    if (!part) return null
                    const line = {
                      part,
                      listing,
                      onRetry: () => sendAgain(item),
                      onFix: () => listing && onFix(part)(listing),
                    }
                    const again = retried[keyOf(item)]
                    return again ? (
                      <RetriedLine key={item.marketplace} sent={again} {...line} />
                    ) : (
                      <ItemLine key={item.marketplace} item={item} {...line} />
                    )
                  })}
                  {behind.map((item) => (
                    <LeftOutLine
                      key={item.marketplace}
                      item={item}
                      part={partOf(item.marketplace)}
                      listing={listing}
                      onFix={onFix}
                    />
                  ))}
                </>
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
