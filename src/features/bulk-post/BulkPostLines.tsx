// The lines of one listing in the bulk post's progress, one per marketplace: posting, live there (View), why not
// (Try again, its own dialog), or left out with what it needed.
import type { ReactNode } from 'react'
import type { BulkPost, BulkPostItem } from '../../../api/contract/bulk-post.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { FixButton, LINK_ACTION, SMALL_ACTION, Working } from '../../components/bulk-post-rows.tsx'
import type { LeftOut } from './bulk-post-pending.ts'
import { useBulkPost } from './bulk-post-queries.ts'

export type Fix = (part: BulkPostPart) => (listing: Listing) => void

const Live = ({ part, title, viewUrl }: { part: BulkPostPart; title: string; viewUrl: string | null }) => (
  <Line>
    <span className="font-medium text-emerald-800">Live on {part.name}</span>
    {viewUrl && (
      <a
        href={viewUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View on ${part.name}: ${title}`}
        className={LINK_ACTION}
      >
        View on {part.name}
      </a>
    )}
  </Line>
)

const Line = ({ children }: { children: ReactNode }) => (
  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 py-0.5">{children}</div>
)

/** One listing on one marketplace: posting, live, or why not, with Try again and its own dialog. */
export function ItemLine({
  item,
  part,
  listing,
  onRetry,
  onFix,
}: {
  item: BulkPostItem
  part: BulkPostPart
  listing: Listing | undefined
  onRetry: () => void
  onFix: () => void
}) {
  // Posted since through that marketplace's own dialog: it is live all the same.
  if (item.status === 'posted' || (listing && part.isLive(listing)))
    return <Live part={part} title={item.title} viewUrl={item.viewUrl} />
  if (item.status === 'queued')
    return (
      <Line>
        <Working>Posting to {part.name}…</Working>
      </Line>
    )
  const { reason } = part.refusalReason(item.code, item.message)
  return (
    <Line>
      <span className="text-red-700">
        Not posted to {part.name}: {reason}
      </span>
      <button
        type="button"
        className={SMALL_ACTION}
        onClick={onRetry}
        aria-label={`Try again on ${part.name}: ${item.title}`}
      >
        Try again
      </button>
      {listing && <FixButton title={item.title} where={part.name} onFix={onFix} />}
    </Line>
  )
}

/** A refused item sent again on its own: its line follows the new request. */
export function RetriedLine({ sent, ...line }: { sent: BulkPost } & Omit<Parameters<typeof ItemLine>[0], 'item'>) {
  const { post } = useBulkPost(sent)
  return <ItemLine item={post.items[0]!} {...line} />
}

/** A listing the seller confirmed without on one marketplace: live there since, or what it needed, with its dialog. */
export function LeftOutLine({
  item,
  part,
  listing,
  onFix,
}: {
  item: LeftOut
  part: BulkPostPart | undefined
  listing: Listing | undefined
  onFix: Fix
}) {
  if (!part) return null
  if (listing && part.isLive(listing)) return <Live part={part} title={item.title} viewUrl={null} />
  return (
    <Line>
      <span className="text-slate-700">
        Not posted to {part.name}: {item.needs ? `left out, ${item.needs}` : 'left out'}
      </span>
      {listing && (
        <FixButton
          title={item.title}
          where={part.name}
          onFix={() => onFix(part)(listing)}
          missing={item.needs !== null}
        />
      )}
    </Line>
  )
}
