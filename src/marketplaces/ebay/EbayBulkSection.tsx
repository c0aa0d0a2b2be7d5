// eBay's section of the bulk post (decision 0064): each chosen listing checked as the Post to eBay dialog checks one
// (what eBay needs, read through the same query), named with what it needs or what Snaplist only guessed of it, with
// Leave out, Add details and Looks right; and the ZIP code, once for all. It tells the dialog what can go and with what.
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import * as v from 'valibot'
import { BulkPostAnswersSchema } from '../../../api/contract/bulk-post.ts'
import { isPostedToSpecMarketplace } from '../../../api/contract/listing-status.ts'
import { useDraft, useReportPart, type BulkBehind, type BulkSectionProps } from '../../components/bulk-post-parts.ts'
import { TextField } from '../../components/ui/TextField.tsx'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import { checkOf, lookText, needsText, type Check } from './bulk-post-check.ts'
import { useCheckGuesses } from './bulk-guesses-queries.ts'
import { postFailureToast } from './ebay-post-failure.ts'
import { ebayRequirementsQuery } from './ebay-publish-queries.ts'
import { CheckRow } from './BulkCheckRow.tsx'
import { PoliciesProblem } from './EbayDetailsNotes.tsx'

/** eBay's answers for all: the contract's own rule and words. */
const EbayAnswersSchema = v.unwrap(BulkPostAnswersSchema.entries.ebay)

/** "1 needs something", "2 need a look". */
const counted = (count: number, what: string) => (count > 0 ? `${count} ${count === 1 ? 'needs' : 'need'} ${what}` : '')

/** Why a listing stays behind on eBay, for the summary; undefined when it goes. */
function behindOf(check: Check, leftOut: boolean): string | null | undefined {
  if (check.kind === 'needs') return needsText(check.needs)
  if (check.kind === 'failed') return check.reason
  if (check.kind === 'look') return lookText(check.seen)
  if (check.kind === 'ready' && leftOut) return null
  return undefined
}

export function EbayBulkSection({ listings, onState, onFix, ...kept }: BulkSectionProps) {
  const queryClient = useQueryClient()
  const toCheck = listings.filter((listing) => !isPostedToSpecMarketplace(listing))
  // Without the dialog's placeholder: here a query's previous answer would be another listing's.
  const queries = useQueries({
    queries: toCheck.map((listing) => ({
      ...ebayRequirementsQuery(listing.id, undefined),
      placeholderData: undefined,
    })),
  })
  const [draft, setDraft] = useDraft(kept, { leftOut: [] as number[], postalCode: '' })
  const leftOut = new Set(draft.leftOut)
  const { postalCode } = draft
  const checkGuesses = useCheckGuesses()

  // A lapsed connection fails every check: the Dashboard learns it once, and the dialog then offers to connect.
  const reconnect = queries.some((query) => query.error && postFailureToast(query.error).reconnect)
  useEffect(() => {
    if (reconnect) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [reconnect, queryClient])

  const rows = listings.map((listing) => ({ listing, check: checkOf(listing, queries[toCheck.indexOf(listing)]) }))
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
  const zip = v.safeParse(EbayAnswersSchema, needsLocation ? { postalCode } : {})
  const zipError = needsLocation && postalCode.trim() && !zip.success ? zip.issues[0].message : undefined

  useReportPart(onState, {
    checking: checking > 0,
    ready: going.map((row) => row.listing.id),
    behind: rows.flatMap(({ listing, check }): BulkBehind[] => {
      const needs = behindOf(check, leftOut.has(listing.id))
      return needs === undefined ? [] : [{ listingId: listing.id, title: listing.title, needs }]
    }),
    answers: zip.success ? { ebay: zip.output } : null,
  })

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
            onToggleLeftOut={() =>
              setDraft({
                leftOut: leftOut.has(listing.id)
                  ? draft.leftOut.filter((id) => id !== listing.id)
                  : [...draft.leftOut, listing.id],
              })
            }
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
          error={zipError}
          onChange={(event) => setDraft({ postalCode: event.target.value })}
        />
      )}
    </div>
  )
}
