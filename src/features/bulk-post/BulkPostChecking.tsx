// Post many, before sending: where to (every connected marketplace, each can be unticked), each marketplace's section
// (what it needs of each listing, what it asks once for all), then one confirmation that posts every listing ready
// somewhere to each marketplace it is ready for.
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { BulkPostAnswers, BulkPostInput } from '../../../api/contract/bulk-post.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { PLATFORMS, type Platform } from '../../../api/contract/marketplace-paths.ts'
import type { BulkPartState, BulkPostPart } from '../../components/bulk-post-parts.ts'
import { Actions } from '../../components/bulk-post-rows.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { chosenListingsQuery } from '../../queries/listing-cache.ts'
import { useStartConnect } from '../../queries/marketplace-connect.ts'
import type { LeftOut } from './bulk-post-pending.ts'

/** Connect <marketplace>: off to the marketplace's consent, back to the Dashboard. */
function ConnectButton({ part }: { part: BulkPostPart }) {
  const connect = useStartConnect(part.id)
  const leaving = connect.isPending || connect.isSuccess
  return (
    <Button variant="secondary" disabled={leaving} onClick={() => connect.mutate()}>
      {leaving ? 'Connecting...' : `Connect ${part.name}`}
    </Button>
  )
}

interface CheckingProps {
  listingIds: number[]
  /** The marketplaces the seller connected. */
  parts: readonly BulkPostPart[]
  /** Every marketplace, to offer connecting when none is. */
  every: readonly BulkPostPart[]
  /** The connections are still being read. */
  loading: boolean
  onFix: (part: BulkPostPart) => (listing: Listing) => void
  onConfirm: (request: Omit<BulkPostInput, 'clientId'>, leftOut: LeftOut[]) => void
  onClose: () => void
  /** What the seller chose here, kept by the dialog while a listing's own dialog is open. */
  kept: Kept
  onKept: (kept: Kept) => void
}

/** The marketplaces unticked, and each section's draft. */
export interface Kept {
  unticked: Platform[]
  drafts: Partial<Record<Platform, unknown>>
}

/** "A", "A and B", "A, B and C": the marketplaces' names as a sentence says them. */
export const namesOf = (parts: readonly { name: string }[]) =>
  parts.length > 1
    ? `${parts
        .slice(0, -1)
        .map((part) => part.name)
        .join(', ')} and ${parts.at(-1)!.name}`
    : (parts[0]?.name ?? '')

/** The request: every listing ready somewhere, each to the marketplaces it is ready for, with their answers. */
function requestOf(listings: Listing[], going: { part: BulkPostPart; state: BulkPartState }[]) {
  const readyOn = (listingId: number) => going.filter(({ state }) => state.ready.includes(listingId))
  const listingIds = listings.map((listing) => listing.id).filter((id) => readyOn(id).length > 0)
  const perListing = listingIds.flatMap((listingId) => {
    const on = readyOn(listingId)
    return on.length === going.length ? [] : [{ listingId, marketplaces: on.map(({ part }) => part.id), answers: {} }]
  })
  const answers = Object.assign({}, ...going.map(({ state }) => state.answers)) as BulkPostAnswers
  const leftOut = going.flatMap(({ part, state }) =>
    state.behind.map((behind): LeftOut => ({ ...behind, marketplace: part.id })),
  )
  return { request: { listingIds, marketplaces: going.map(({ part }) => part.id), answers, perListing }, leftOut }
}

export function Checking({
  listingIds,
  parts,
  every,
  loading,
  onFix,
  onConfirm,
  onClose,
  kept,
  onKept,
}: CheckingProps) {
  const chosen = useQuery(chosenListingsQuery(listingIds)).data
  const unticked = new Set(kept.unticked)
  const [states, setStates] = useState<Partial<Record<Platform, BulkPartState>>>({})
  // One stable callback per marketplace, so a section reports only when what it says changes.
  const reporters = useMemo(
    () =>
      Object.fromEntries(
        PLATFORMS.map((id) => [id, (state: BulkPartState) => setStates((before) => ({ ...before, [id]: state }))]),
      ) as Record<Platform, (state: BulkPartState) => void>,
    [],
  )

  if (!loading && parts.length === 0)
    return (
      <div className="flex flex-col gap-4">
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">No marketplace is connected</p>
          <p>Connect one, then post these listings there.</p>
          <div className="flex flex-wrap gap-2">
            {every.map((part) => (
              <ConnectButton key={part.id} part={part} />
            ))}
          </div>
        </div>
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </Actions>
      </div>
    )

  const ticked = parts.filter((part) => !unticked.has(part.id))
  const going = ticked.flatMap((part) => {
    const state = states[part.id]
    return state ? [{ part, state }] : []
  })
  const checked = going.length === ticked.length && going.every(({ state }) => !state.checking)
  const answered = going.every(({ state }) => state.answers !== null)
  const { request, leftOut } = requestOf(chosen ?? [], going)
  const toggle = (id: Platform) =>
    onKept({ ...kept, unticked: unticked.has(id) ? kept.unticked.filter((one) => one !== id) : [...kept.unticked, id] })

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {listingIds.length === 1 ? '1 listing chosen.' : `${listingIds.length} listings chosen.`}
      </p>
      {parts.length > 1 && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Post to</legend>
          {parts.map((part) => (
            <label key={part.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="h-5 w-5 accent-indigo-700"
                checked={!unticked.has(part.id)}
                onChange={() => toggle(part.id)}
              />
              {part.name}
            </label>
          ))}
        </fieldset>
      )}
      {chosen &&
        ticked.map((part) => (
          <section key={part.id} aria-label={part.name} className="flex flex-col gap-2">
            {parts.length > 1 && <h3 className="text-base font-semibold text-slate-900">{part.name}</h3>}
            <part.Section
              listings={chosen}
              onState={reporters[part.id]}
              onFix={onFix(part)}
              draft={kept.drafts[part.id]}
              onDraft={(draft) => onKept({ ...kept, drafts: { ...kept.drafts, [part.id]: draft } })}
            />
          </section>
        ))}
      <Actions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!checked || !answered || request.listingIds.length === 0}
          onClick={() => onConfirm(request, leftOut)}
        >
          Post {request.listingIds.length} to {namesOf(ticked)}
        </Button>
      </Actions>
    </div>
  )
}
