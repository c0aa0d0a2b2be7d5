// Post many to eBay, before sending: each chosen listing checked as the Post to eBay dialog checks one (what eBay
// needs, read through the same query), named with what it needs or what Snaplist only guessed of it, with Leave out,
// Add details and Looks right; the ZIP code once for all, then one confirmation.
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { EbayBulkPostInputSchema } from '../../../api/contract/ebay-bulk-post.ts'
import { isPostedToEbay, type Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { notify } from '../../lib/notify.tsx'
import { chosenListingsQuery } from '../../queries/listing-cache.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import { checkOf, lookText, needsText } from './bulk-post-check.ts'
import type { LeftOut, PendingBulkPost } from './bulk-post-pending.ts'
import { useCheckGuesses } from './bulk-post-queries.ts'
import { postFailureToast } from './ebay-post-failure.ts'
import { ebayRequirementsQuery } from './ebay-publish-queries.ts'
import { NotConnected } from './NotConnected.tsx'
import { Actions } from './bulk-post-rows.tsx'
import { CheckRow } from './BulkCheckRow.tsx'
import { PoliciesProblem } from './EbayDetailsNotes.tsx'

/** What the request's one ZIP code must be: the contract's own rule and words. */
const PostalCodeSchema = EbayBulkPostInputSchema.entries.postalCode

/** "1 needs something", "2 need a look". */
const counted = (count: number, what: string) => (count > 0 ? `${count} ${count === 1 ? 'needs' : 'need'} ${what}` : '')

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
  const checkGuesses = useCheckGuesses()

  // A lapsed connection fails every check: the Dashboard learns it once, and this dialog then offers to connect.
  const reconnect = queries.some((query) => query.error && postFailureToast(query.error).reconnect)
  useEffect(() => {
    if (reconnect) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [reconnect, queryClient])

  const rows = chosen.map((listing) => ({ listing, check: checkOf(listing, queries[toCheck.indexOf(listing)]) }))
  const checking = rows.filter((row) => row.check.kind === 'checking').length
  const going = rows.filter((row) => row.check.kind === 'ready' && !leftOut.has(row.listing.id))
  const needing = rows.filter((row) => row.check.kind === 'needs' || row.check.kind === 'failed').length
  const looking = rows.filter((row) => row.check.kind === 'look').length
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
      if (check.kind === 'look') return [{ listingId: listing.id, title: listing.title, needs: lookText(check.seen) }]
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
              counted(needing, 'something'),
              counted(looking, 'a look'),
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {policiesProblem && <PoliciesProblem problem={policiesProblem} />}
      <ul aria-label="Chosen listings" className="flex flex-col divide-y divide-slate-100">
        {rows.map(({ listing, check }) => (
          <CheckRow
            key={listing.id}
            listing={listing}
            check={check}
            leftOut={leftOut.has(listing.id)}
            onToggleLeftOut={() => onToggleLeftOut(listing.id)}
            onFix={() => onFix(listing)}
            onLooked={() =>
              check.kind === 'look' && checkGuesses.mutate({ listingId: listing.id, guesses: check.guessed })
            }
            looking={checkGuesses.isPending}
          />
        ))}
      </ul>
      {needing > 0 && checking === 0 && (
        <p className="text-sm text-slate-600">
          Listings that need something stay on Snaplist for now: Add details opens one in Post to eBay, to post it on
          its own.
        </p>
      )}
      {looking > 0 && checking === 0 && (
        <p className="text-sm text-slate-600">
          eBay takes a parcel and a condition as fact: the postage a buyer pays, what they expect to receive. Looks
          right sends them as shown; Check opens Post to eBay, where the condition is yours to choose.
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
