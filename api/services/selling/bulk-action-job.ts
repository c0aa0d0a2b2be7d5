// One job of a bulk action (docs/decisions/0038): up to BULK_CHUNK of its listings. A price or quantity is written to
// each listing in one transaction that also moves its item on from 'queued' and remembers the value (so a job run
// again changes no listing twice) and asks each marketplace it was published to for the change (a revision), as an
// edit does. A new price for a listing live on a marketplace that takes many prices at once (its bulkPricing) goes in
// one call afterwards instead, sent again as long as an item waits in 'sending'; a quantity goes through each
// marketplace's revision, which keeps what a sale took (decision 0030). A cut stops at the higher of the floor typed
// for the action and each listing's own (its cost, fees and minimum profit, or the floor typed on it: decision 0075).
// Ending and deleting take the paths the seller's own End and Delete take, one listing after the other, each finished
// once.
import { floorHolds, newPriceCents, type BulkAction } from '../../contract/bulk-actions.ts'
import { listingStatus, listedPrice, type Listing } from '../../contract/listing.ts'
import { toCents } from '../../contract/listing-field-schemas.ts'
import * as bulkActions from '../../db/bulk-actions.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { floorsOf } from '../pricing/floors.ts'
import { AppError } from '../../errors.ts'
import { isRefusal, type PriceOutcome, type SellingMarketplaces } from './marketplace.ts'

export const BULK_ACTION_JOB = 'bulk-action'
/**
 * Listings per job: few enough that a job run again after a lost process redoes seconds of work, many enough that a
 * marketplace taking many prices a call (its bulkPricing, which splits them into its own calls) gets them together.
 */
export const BULK_CHUNK = 25

export interface BulkActionJob {
  userId: number
  bulkActionId: number
  listingIds: number[]
}

export interface BulkActionJobDeps {
  sql: Sql
  marketplaces: SellingMarketplaces
  /** The seller's own Delete (services/listings/listings.ts): ended first where it is live. */
  removeListing: (userId: number, listingId: number) => Promise<unknown>
}

const GONE = {
  status: 'refused',
  code: 'not_found',
  message: 'This listing was deleted before the change reached it.',
} as const

/**
 * What the action writes on the listing (undefined when it stays as it is), and whether the seller's floor held it (a
 * cut lowered only to the floor, or stopped where the price was at or below it).
 */
function changeOf(
  listing: Listing,
  action: BulkAction,
  ownFloorCents: number | null,
): { change: { askingPriceCents: number } | { quantity: number } | undefined; floorHeld: boolean } {
  const none = { change: undefined, floorHeld: false }
  if (listingStatus(listing) === 'sold') return none
  if (action.kind === 'quantity')
    return {
      change: listing.quantity === action.quantity ? undefined : { quantity: action.quantity },
      floorHeld: false,
    }
  if (action.kind !== 'price') return none
  const current = toCents(listedPrice(listing).value)
  const floored =
    action.direction === 'down' && ownFloorCents !== null
      ? { ...action, floor: Math.max(action.floor ?? 0, ownFloorCents / 100) }
      : action
  const cents = newPriceCents(current, floored)
  return { change: cents === null ? undefined : { askingPriceCents: cents }, floorHeld: floorHolds(current, floored) }
}

export function createBulkActionJob({ sql, marketplaces, removeListing }: BulkActionJobDeps) {
  const bulkPricing = marketplaces.flatMap((marketplace) => marketplace.bulkPricing ?? [])
  const move = bulkActions.moveItem

  /** Writes the change on each queued listing of the chunk, with its marketplaces' revisions, in one transaction. */
  const changeListings = ({ userId, bulkActionId, listingIds }: BulkActionJob, action: BulkAction) =>
    sql.begin(async (tx) => {
      const queued = await bulkActions.lockQueued(tx, bulkActionId, listingIds)
      if (queued.length === 0) return
      const found = new Map((await listings.lockListings(tx, userId, queued)).map((listing) => [listing.id, listing]))
      const floors = action.kind === 'price' ? await floorsOf(tx, userId, queued) : undefined
      for (const listingId of queued) {
        const listing = found.get(listingId)
        if (!listing) {
          await move(tx, bulkActionId, listingId, ['queued'], GONE)
          continue
        }
        const { change, floorHeld } = changeOf(listing, action, floors?.get(listingId)?.priceCents ?? null)
        if (!change) {
          await move(tx, bulkActionId, listingId, ['queued'], { status: 'unchanged', floorHeld })
          continue
        }
        const updated = await listings.setPriceOrQuantity(tx, listingId, change)
        // A price goes in the chunk's one call to each marketplace that takes many and has it live; the rest of the
        // change as an edit's does.
        const byBulkCall = (marketplace: SellingMarketplaces[number]) =>
          'askingPriceCents' in change && marketplace.bulkPricing?.takes(listing) === true
        for (const marketplace of marketplaces)
          if (!byBulkCall(marketplace)) await marketplace.requestRevision(tx, updated)
        const newValue = 'quantity' in change ? change.quantity : change.askingPriceCents
        await move(tx, bulkActionId, listingId, ['queued'], {
          status: marketplaces.some(byBulkCall) ? 'sending' : 'done',
          newValue,
          floorHeld,
        })
        await logChange(tx, userId, 'listing-edited', listingId, {})
      }
    })

  /** Sends the new prices waiting for the marketplaces that take many at once; their answers finish each listing. */
  async function sendPrices({ userId, bulkActionId, listingIds }: BulkActionJob): Promise<void> {
    const waiting = await bulkActions.findSending(sql, bulkActionId, listingIds)
    const sending = waiting.flatMap(({ listingId, cents }) => (cents ? [{ listingId, cents }] : []))
    for (const gone of waiting.filter(({ cents }) => !cents))
      await move(sql, bulkActionId, gone.listingId, ['sending'], GONE)
    if (sending.length === 0) return
    try {
      const answers: Map<number, PriceOutcome>[] = []
      for (const pricing of bulkPricing) answers.push(await pricing.send(userId, sending))
      for (const { listingId } of sending) {
        const refused = answers.map((answer) => answer.get(listingId)?.refusal).find((refusal) => refusal)
        await move(
          sql,
          bulkActionId,
          listingId,
          ['sending'],
          refused ? { status: 'refused', ...refused } : { status: 'done' },
        )
      }
    } catch (error) {
      // A marketplace busy or away: the job is tried again, and sends the same prices. A lapsed connection refuses them all.
      if (!isRefusal(error)) throw error
      for (const { listingId } of sending)
        await move(sql, bulkActionId, listingId, ['sending'], {
          status: 'refused',
          code: error.code,
          message: error.message,
        })
    }
  }

  /** Ends the listing wherever it is live (each marketplace's End, which answers at once for one already ended). */
  async function endOne(userId: number, bulkActionId: number, listingId: number): Promise<void> {
    const listing = await listings.findListing(sql, userId, listingId)
    const live = listing ? marketplaces.filter((marketplace) => marketplace.isLive(listing)) : []
    if (!listing || live.length === 0) {
      await move(sql, bulkActionId, listingId, ['queued'], listing ? { status: 'unchanged' } : GONE)
      return
    }
    try {
      for (const marketplace of live) await marketplace.end(userId, listingId)
      await move(sql, bulkActionId, listingId, ['queued'], { status: 'done' })
    } catch (error) {
      if (!isRefusal(error)) throw error
      await move(sql, bulkActionId, listingId, ['queued'], {
        status: 'refused',
        code: error.code,
        message: error.message,
      })
    }
    await logChange(sql, userId, 'listing-edited', listingId, {})
  }

  /** Deletes it as the seller's Delete does; one already deleted (a job run again) is done. */
  async function deleteOne(userId: number, bulkActionId: number, listingId: number): Promise<void> {
    if (!(await listings.isDeleting(sql, listingId))) {
      try {
        await removeListing(userId, listingId)
      } catch (error) {
        if (!(error instanceof AppError && error.status === 404)) throw error
      }
    }
    await move(sql, bulkActionId, listingId, ['queued'], { status: 'done' })
  }

  /** The job: carries the chunk's listings to the end, then tells the seller's open screens how far the action is. */
  return async function runChunk(job: BulkActionJob): Promise<void> {
    const { userId, bulkActionId, listingIds } = job
    const found = await bulkActions.findBulkAction(sql, userId, bulkActionId)
    if (!found) return
    const { action } = found
    if (action.kind === 'price' || action.kind === 'quantity') {
      await changeListings(job, action)
      if (action.kind === 'price') await sendPrices(job)
    } else {
      const one = action.kind === 'end' ? endOne : deleteOne
      for (const { listingId } of await bulkActions.findUnfinished(sql, bulkActionId, listingIds))
        await one(userId, bulkActionId, listingId)
    }
    const now = await bulkActions.findBulkAction(sql, userId, bulkActionId)
    await logChange(sql, userId, 'bulk-action-progress', null, {
      bulkActionId,
      finished: now!.finished,
      total: now!.total,
    })
  }
}
