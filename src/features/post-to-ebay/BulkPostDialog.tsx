// Post many to eBay (docs/product.md §17): the listings chosen on the Dashboard, each checked as the Post to eBay
// dialog checks one (what eBay needs, read through the same query), named with what it needs; those that need
// something can be opened in the Post to eBay dialog or stay behind. One confirmation sends the request (its clientId
// made once and kept, bulk-post-pending.ts), then each listing's progress, then the summary with View on eBay links.
// Loaded on the first 'Post N to eBay' tap, not with the Dashboard.
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import * as v from 'valibot'
import {
  EbayBulkPostInputSchema,
  type EbayBulkPost,
  type EbayBulkPostItem,
} from '../../../api/contract/ebay-bulk-post.ts'
import { EBAY_POLICIES_PAGE, type EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import { isPostedToEbay, priceForEbay, type Listing } from '../../../api/contract/listing.ts'
import { thumbnailOf } from '../../../api/contract/photos.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { failureMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingsQuery } from '../../queries/listing-queries.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import {
  clearPendingBulkPost,
  readPendingBulkPost,
  startPendingBulkPost,
  type LeftOut,
  type PendingBulkPost,
} from './bulk-post-pending.ts'
import { isTransient, useBulkPost, useSendBulkPost } from './bulk-post-queries.ts'
import { bulkRefusalReason, postFailureToast } from './ebay-post-failure.ts'
import { ebayRequirementsQuery } from './ebay-publish-queries.ts'
import { NotConnected } from './NotConnected.tsx'
import { PostToEbayDialog } from './PostToEbayDialog.tsx'

const TITLE = 'Post many to eBay'
/** What the request's one ZIP code must be: the contract's own rule and words. */
const PostalCodeSchema = EbayBulkPostInputSchema.entries.postalCode
/** Missing items that are not details eBay lists per category (the Post to eBay dialog's LISTING_NEEDS). */
const NEED_NAMES: Record<string, string> = { Photos: 'a photo' }

type Check =
  | { kind: 'checking' }
  | { kind: 'ready'; requirements: EbayRequirements }
  | { kind: 'needs'; needs: string[] }
  | { kind: 'failed'; reason: string }
  | { kind: 'live' }

/** Whether the listing can go as it is, by the checks the Post to eBay dialog makes before it enables Post. */
function checkOf(listing: Listing, query: UseQueryResult<EbayRequirements> | undefined): Check {
  if (isPostedToEbay(listing)) return { kind: 'live' }
  if (!query || query.isPending) return { kind: 'checking' }
  if (query.isError) return { kind: 'failed', reason: postFailureToast(query.error).description }
  const requirements = query.data
  const needs = requirements.missing.map((name) => NEED_NAMES[name] ?? name)
  if (requirements.policiesProblem) needs.push('selling policies on eBay')
  if (!(priceForEbay(listing).value > 0)) needs.push('a Price')
  return needs.length ? { kind: 'needs', needs } : { kind: 'ready', requirements }
}

const needsText = (needs: string[]) => `needs ${needs.join(', ')}`

function Thumbnail({ listing }: { listing: Listing | undefined }) {
  const first = listing?.images[0]
  return first ? (
    <img
      src={thumbnailOf(first)}
      alt=""
      width={40}
      height={40}
      className="h-10 w-10 shrink-0 rounded-md bg-slate-100 object-cover"
    />
  ) : (
    <div className="h-10 w-10 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
  )
}

const ACTION_SHAPE =
  'inline-flex min-h-9 shrink-0 items-center justify-center whitespace-nowrap rounded-lg border bg-white px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700'
const SMALL_ACTION = `${ACTION_SHAPE} border-slate-300 text-slate-800 hover:bg-slate-50`
const LINK_ACTION = `${ACTION_SHAPE} border-indigo-200 text-indigo-700 hover:bg-indigo-50`

function ItemRow({
  title,
  listing,
  state,
  action,
}: {
  title: string
  listing: Listing | undefined
  state: ReactNode
  action?: ReactNode
}) {
  return (
    <li aria-label={title} className="flex items-center gap-3 py-2">
      <Thumbnail listing={listing} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{title}</p>
        <div className="text-sm">{state}</div>
      </div>
      {action}
    </li>
  )
}

const Working = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1.5 text-slate-600">
    <span
      className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-700"
      aria-hidden="true"
    />
    {children}
  </span>
)

/** Opens the listing in the Post to eBay dialog, where what it needs can be filled in and it is posted on its own. */
function FixButton({ title, onFix, missing = false }: { title: string; onFix: () => void; missing?: boolean }) {
  return (
    <button
      type="button"
      className={SMALL_ACTION}
      onClick={onFix}
      aria-label={missing ? `Add details: ${title}` : `Open in Post to eBay: ${title}`}
    >
      {missing ? 'Add details' : 'Open'}
    </button>
  )
}

function Actions({ children }: { children: ReactNode }) {
  // Within its parent's box (a sticky element is kept inside it, so a negative margin would lift it over the text).
  return (
    <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 pt-3 pb-[max(0.25rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end">
      {children}
    </div>
  )
}

interface CheckingProps {
  listingIds: number[]
  ebayConnected: boolean
  leftOut: ReadonlySet<number>
  onToggleLeftOut: (id: number) => void
  postalCode: string
  onPostalCode: (value: string) => void
  onFix: (listing: Listing) => void
  onConfirm: (request: Omit<PendingBulkPost, 'clientId'>) => void
  onClose: () => void
}

/** Before confirming: each chosen listing checked, with what it needs. */
function Checking({
  listingIds,
  ebayConnected,
  leftOut,
  onToggleLeftOut,
  postalCode,
  onPostalCode,
  onFix,
  onConfirm,
  onClose,
}: CheckingProps) {
  const queryClient = useQueryClient()
  const listings = useQuery(listingsQuery).data
  const chosen = listingIds.flatMap((id) => listings?.find((listing) => listing.id === id) ?? [])
  const toCheck = ebayConnected ? chosen.filter((listing) => !isPostedToEbay(listing)) : []
  // Without the dialog's placeholder: here a query's previous answer would be another listing's.
  const queries = useQueries({
    queries: toCheck.map((listing) => ({
      ...ebayRequirementsQuery(listing.id, undefined),
      placeholderData: undefined,
    })),
  })
  const [postalError, setPostalError] = useState<string>()

  // A lapsed connection fails every check: the Dashboard learns it once, and this dialog then offers to connect.
  const reconnect = queries.some((query) => query.error && postFailureToast(query.error).reconnect)
  useEffect(() => {
    if (reconnect) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [reconnect, queryClient])

  const rows = chosen.map((listing) => ({ listing, check: checkOf(listing, queries[toCheck.indexOf(listing)]) }))
  const checking = rows.filter((row) => row.check.kind === 'checking').length
  const going = rows.filter((row) => row.check.kind === 'ready' && !leftOut.has(row.listing.id))
  const needing = rows.filter((row) => row.check.kind === 'needs' || row.check.kind === 'failed').length
  const canGo = rows.filter((row) => row.check.kind === 'ready').length
  const needsLocation = going.some((row) => row.check.kind === 'ready' && row.check.requirements.needsLocation)
  const policiesProblem = rows.flatMap((row) => {
    const query = queries[toCheck.indexOf(row.listing)]
    return query?.data?.policiesProblem ? [query.data.policiesProblem] : []
  })[0]

  if (!ebayConnected) {
    const post = () => {
      notify(
        'eBay Not Connected',
        'Please connect your eBay account first in the Connected Marketplaces section.',
        'error',
      )
      onClose()
    }
    return (
      <div className="flex flex-col gap-4">
        <NotConnected what="these listings" />
        <p className="text-sm text-slate-700">
          {chosen.length === 1 ? '1 listing chosen.' : `${chosen.length} listings chosen.`}
        </p>
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={post}>Post {chosen.length} to eBay</Button>
        </Actions>
      </div>
    )
  }

  const confirm = () => {
    const zip = needsLocation ? v.safeParse(PostalCodeSchema, postalCode) : undefined
    if (zip && !zip.success) return setPostalError(zip.issues[0].message)
    const left = rows.flatMap(({ listing, check }): LeftOut[] => {
      if (check.kind === 'needs')
        return [{ listingId: listing.id, title: listing.title, needs: needsText(check.needs) }]
      if (check.kind === 'failed') return [{ listingId: listing.id, title: listing.title, needs: check.reason }]
      if (check.kind === 'ready' && leftOut.has(listing.id))
        return [{ listingId: listing.id, title: listing.title, needs: null }]
      return []
    })
    onConfirm({
      listingIds: going.map((row) => row.listing.id),
      leftOut: left,
      ...(zip?.success && zip.output ? { postalCode: zip.output } : {}),
    })
  }

  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-700">
        {checking > 0
          ? `Checking what eBay needs: ${rows.length - checking} of ${rows.length} done…`
          : [
              `${canGo} can go as ${canGo === 1 ? 'it is' : 'they are'}`,
              needing > 0 ? `${needing} ${needing === 1 ? 'needs' : 'need'} something` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {policiesProblem && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{policiesProblem}</p>
          <a
            href={EBAY_POLICIES_PAGE}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block font-medium underline"
          >
            Open eBay business policies
          </a>
        </div>
      )}
      <ul aria-label="Chosen listings" className="flex flex-col divide-y divide-slate-100">
        {rows.map(({ listing, check }) => {
          const fix = <FixButton title={listing.title} onFix={() => onFix(listing)} missing={check.kind === 'needs'} />
          switch (check.kind) {
            case 'checking':
              return (
                <ItemRow
                  key={listing.id}
                  title={listing.title}
                  listing={listing}
                  state={<Working>Checking…</Working>}
                />
              )
            case 'live':
              return (
                <ItemRow
                  key={listing.id}
                  title={listing.title}
                  listing={listing}
                  state={<span className="font-medium text-emerald-800">Already live on eBay</span>}
                />
              )
            case 'needs':
              return (
                <ItemRow
                  key={listing.id}
                  title={listing.title}
                  listing={listing}
                  action={fix}
                  state={<span className="font-medium text-amber-900">Needs something: {check.needs.join(', ')}</span>}
                />
              )
            case 'failed':
              return (
                <ItemRow
                  key={listing.id}
                  title={listing.title}
                  listing={listing}
                  action={fix}
                  state={<span className="text-red-700">Could not check: {check.reason}</span>}
                />
              )
            case 'ready': {
              const out = leftOut.has(listing.id)
              return (
                <ItemRow
                  key={listing.id}
                  title={listing.title}
                  listing={listing}
                  state={
                    out ? (
                      <span className="text-slate-600">Left out</span>
                    ) : (
                      <span className="text-emerald-800">
                        <span aria-hidden="true">✓ </span>Can go as it is
                      </span>
                    )
                  }
                  action={
                    <button
                      type="button"
                      className={SMALL_ACTION}
                      onClick={() => onToggleLeftOut(listing.id)}
                      aria-label={`${out ? 'Put back' : 'Leave out'}: ${listing.title}`}
                    >
                      {out ? 'Put back' : 'Leave out'}
                    </button>
                  }
                />
              )
            }
          }
        })}
      </ul>
      {needing > 0 && checking === 0 && (
        <p className="text-sm text-slate-600">
          Listings that need something stay on Snaplist for now: Add details opens one in Post to eBay, to post it on
          its own.
        </p>
      )}
      {needsLocation && (
        <TextField
          label="Ships from (ZIP code)"
          hint="eBay needs the location your items ship from; Snaplist sets it up once."
          inputMode="numeric"
          autoComplete="postal-code"
          value={postalCode}
          error={postalError}
          onChange={(event) => {
            onPostalCode(event.target.value)
            setPostalError(undefined)
          }}
        />
      )}
      <Actions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={checking > 0 || going.length === 0} onClick={confirm}>
          Post {going.length} to eBay
        </Button>
      </Actions>
    </div>
  )
}

/** After confirming: sends the request (again, after a reload or a dropped connection), then the progress. */
function Sending({
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
  const listings = useQuery(listingsQuery).data
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
  const listings = useQuery(listingsQuery).data
  const close = () => {
    clearPendingBulkPost(userId)
    onClose()
  }
  const fix = (listingId: number) => setFixing(listings?.find((listing) => listing.id === listingId) ?? null)

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
