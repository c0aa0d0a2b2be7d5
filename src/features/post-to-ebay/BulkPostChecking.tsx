// Post many to eBay, before sending: each chosen listing checked as the Post to eBay dialog checks one (what eBay
// needs, read through the same query), named with what it needs, with Leave out and Add details; the ZIP code once for
// all, then one confirmation.
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { EbayBulkPostInputSchema } from '../../../api/contract/ebay-bulk-post.ts'
import { EBAY_POLICIES_PAGE, type EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import { isPostedToEbay, priceForEbay, type Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { notify } from '../../lib/notify.tsx'
import { chosenListingsQuery } from '../../queries/listing-cache.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import type { LeftOut, PendingBulkPost } from './bulk-post-pending.ts'
import { postFailureToast } from './ebay-post-failure.ts'
import { ebayRequirementsQuery } from './ebay-publish-queries.ts'
import { NotConnected } from './NotConnected.tsx'
import { Actions, FixButton, ItemRow, SMALL_ACTION, Working } from './bulk-post-rows.tsx'

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
export function Checking({
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
  const chosen = useQuery(chosenListingsQuery(listingIds)).data ?? []
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
