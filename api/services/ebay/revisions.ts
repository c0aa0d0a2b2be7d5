// Revising a listing that is on eBay (docs/product.md §4, decision 0015): the inventory item is replaced, then the offer
// updated, both full replacements, from a durable job. Each listing's eBay place (db/ebay-revisions.ts) says what was
// asked for and how far eBay has got, so a job that dies between the two calls is finished by its retry without
// sending either twice, quick edits in a row become one revision (the job sends the listing as it is when it runs), and
// one job at a time talks to eBay for a listing (a lease), however many processes run.
import { randomUUID } from 'node:crypto'
import { logChange } from '../../db/change-events.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as revisions from '../../db/ebay-revisions.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'
import * as listings from '../../db/listings.ts'
import { AppError } from '../../errors.ts'
import { createPushQueue } from '../push/notifications.ts'
import type { JobInfo, JobQueue } from '../jobs.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { EbayRevisionBodies } from './inventory-bodies.ts'
import type { EbayPublisher } from './publish.ts'
import { EbayRefusal, INVENTORY, OfferStatusSchema, readReply, type EbaySellClient } from './sell-api.ts'
import { quantityToSend } from '../selling/stock-bound.ts'
import { countOf, type EbayStock } from './stock.ts'
import { itemIdOf, type TradingListings } from './trading-listings.ts'

export const REVISION_JOB = 'ebay-revision'
/** Longer than both calls can take (20 s each at worst) and the work around them; a dead job's lease runs out. */
const LEASE_SECONDS = 120
// eBay: "Each listing can be revised up to 250 times in one calendar day" (Pacific). Whether it counts the item and the
// offer call as one revision or two is not documented; counted as two, a listing takes 125 revisions a day.
const EBAY_REVISIONS_PER_DAY = 250
const CALLS_PER_REVISION = 2
export const REVISIONS_PER_DAY = Math.floor(EBAY_REVISIONS_PER_DAY / CALLS_PER_REVISION)
export const REVISION_LIMIT_ERROR = 25019
// A job finishing one that died after its item call does not know when that one looked at eBay's count: it reads the
// orders of the last half hour (the retry comes within that: pg-boss' expiry and back-off).
const RESUME_LOOK_BACK_MS = 30 * 60 * 1000
const lookedBefore = () => new Date(Date.now() - RESUME_LOOK_BACK_MS)
export const DAILY_LIMIT_MESSAGE = `eBay allows ${EBAY_REVISIONS_PER_DAY} changes a day to a listing: this one goes to eBay after midnight (Pacific time).`
const BUSY_MESSAGE = 'eBay is not answering right now: Snaplist sends the change again shortly.'

/** Seconds until the next midnight in eBay's day (America/Los_Angeles), plus a minute. */
function secondsUntilPacificMidnight(now = new Date()): number {
  const pacific = new Date(now.toLocaleString('en-US', { timeZone: 'America/Los_Angeles' }))
  const midnight = new Date(pacific)
  midnight.setHours(24, 1, 0, 0)
  return Math.ceil((midnight.getTime() - pacific.getTime()) / 1000)
}

/** True when every field we sent is what eBay holds (eBay adds fields of its own to what it returns). */
function holds(stored: unknown, sent: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return stored === sent
  if (stored === null || typeof stored !== 'object') return false
  if (Array.isArray(sent))
    return (
      Array.isArray(stored) &&
      stored.length === sent.length &&
      sent.every((value, index) => holds(stored[index], value))
    )
  return Object.entries(sent).every(([key, value]) => holds((stored as Record<string, unknown>)[key], value))
}

/** eBay is busy, down or unreachable, or the database is: worth trying again. Anything else ends the revision. */
const isPassing = (error: unknown) => !(error instanceof AppError) || error.status >= 500 || error.status === 429

export interface EbayRevisionsDeps {
  sql: Sql
  jobs: JobQueue
  sell: EbaySellClient
  publisher: EbayPublisher
  stock: EbayStock
  connectionService: MarketplaceConnectionService
  /** A listing imported from ebay.com gets its price and count through the Trading API (docs/decisions/0037). */
  tradingListings: TradingListings
}

export interface EbayRevisions {
  /** The job: sends what the seller changed until eBay has the listing as it is, or says why not. */
  revise(data: { listingId: number }, job?: JobInfo): Promise<void>
  /**
   * The seller changed a listing (in `tx`, the change's transaction): if it was ever published to eBay, eBay gets the
   * change from a background job, recorded in the same transaction. Changes made before the job runs go out as one
   * revision (it sends the listing as it then is); an ended listing's offer is kept up to date for a relist.
   */
  requestRevision(tx: Tx, listing: Pick<Listing, 'id'>): Promise<void>
  /**
   * Enqueues again the revisions whose job was lost (a crash between a change and its enqueue); the sales poll calls
   * it.
   */
  resumeStalled(): Promise<number>
}

export function createEbayRevisions(deps: EbayRevisionsDeps): EbayRevisions {
  const { sql, jobs, sell, publisher, stock, connectionService, tradingListings } = deps
  const push = createPushQueue(jobs)
  const put = (token: string, path: string, body: unknown) =>
    sell.send(token, { method: 'PUT', path: `${INVENTORY}${path}`, body })

  /**
   * The listing, the number of changes asked for and the count eBay last got, in one snapshot: what is sent then holds
   * exactly the changes up to that number, so a change made after the job took the row, and already in what is sent, is
   * not sent again; and the listing's quantity less that count is the seller's own change, whatever sold meanwhile.
   */
  const listingAsRequested = (userId: number, listingId: number) =>
    sql.begin('isolation level repeatable read', async (tx) => ({
      listing: await listings.findListing(tx, userId, listingId),
      ...(await revisions.requestedCount(tx, listingId)),
    }))
  type Snapshot = Awaited<ReturnType<typeof listingAsRequested>>

  /**
   * Sends the listing as it is now for `target`; a half-done earlier attempt at the same target is finished without
   * sending what eBay already has. The item's count is what stock.ts says, from eBay's count read just before (every
   * listing, one piece too: a sold one reads 0 and is not put back up), and the offer sends none, so eBay takes the
   * item's: a second count written would be a second place where a sale could be overwritten (decision 0030).
   */
  async function send(userId: number, row: revisions.RevisionRow, now: Snapshot, target: number, lease: string) {
    const { listing, sentQuantity } = now
    if (!listing) return
    if (listing.ebayImported === 'trading') return sendThroughTrading(userId, row.listingId, now, target, lease)
    const resuming = row.sending === target
    // What eBay is left with: none ends the listing there, even while this stock still has pieces (a sale on eBay not
    // read yet took the rest: eBay's count bounds what is sent, stock-bound.ts).
    let leftOnEbay: number | undefined
    await connectionService.call(userId, 'ebay', async (token) => {
      const bodies: EbayRevisionBodies = await publisher.revisionOf(token, userId, listing)
      const finishingOffer = resuming && row.stage === 'offer'
      if (!finishingOffer) {
        const countedAt = new Date()
        const onEbay = await stock.itemOnEbay(token, bodies.sku)
        const counted = countOf(onEbay)
        const withQuantity = (quantity: number) => ({
          ...bodies.item,
          availability: { shipToLocationAvailability: { quantity } },
        })
        // The item call of a job that died went through when eBay holds the item as sent (its count may have moved since).
        const landed =
          resuming && row.stage === 'inventory' && counted !== undefined && holds(onEbay, withQuantity(counted))
        leftOnEbay = landed ? counted : quantityToSend(listing.quantity, sentQuantity, counted)
        // Marked once the look has answered, just before the item call: a look that failed leaves nothing to finish,
        // where a change of quantity alone would read as landed (eBay holds every other field) and never go.
        if (!landed) {
          if (!(await revisions.markStage(sql, row.listingId, lease, target, 'inventory', LEASE_SECONDS)))
            throw new Error('revision lease lost')
          await put(token, `/inventory_item/${bodies.sku}`, withQuantity(leftOnEbay))
        }
        // eBay has the seller's change of quantity now: their later changes count from it.
        const change = { change: listing.quantity - (sentQuantity ?? listing.quantity), quantity: listing.quantity }
        if (!(await revisions.markStage(sql, row.listingId, lease, target, 'offer', LEASE_SECONDS, change)))
          throw new Error('revision lease lost')
        await stock.closeWindow(token, userId, { id: listing.id, sku: bodies.sku }, landed ? lookedBefore() : countedAt)
      } else {
        leftOnEbay = countOf(await stock.itemOnEbay(token, bodies.sku))
        await stock.closeWindow(token, userId, { id: listing.id, sku: bodies.sku }, lookedBefore())
      }
      const offer = Object.fromEntries(Object.entries(bodies.offer).filter(([key]) => key !== 'availableQuantity'))
      if (finishingOffer) {
        const reply = await sell.send(token, {
          method: 'GET',
          path: `${INVENTORY}/offer/${bodies.offerId}`,
          accept: [404],
        })
        if (reply.status === 200 && holds(reply.body, offer)) return
      }
      await put(token, `/offer/${bodies.offerId}`, offer)
    })
    // Nothing left (it sold out on another marketplace, or elsewhere, or eBay sold the rest): a count of 0 hides it, the
    // withdrawal ends it.
    if (listing.quantity === 0 || leftOnEbay === 0)
      await connectionService.call(userId, 'ebay', (token) => withdrawIfLive(token, listing))
  }

  /**
   * A listing made on ebay.com: its Price and count (bounded as every count is: stock-bound.ts), or its end at none.
   * ReviseInventoryStatus sets both, so a retry sends the same again.
   */
  async function sendThroughTrading(userId: number, listingId: number, now: Snapshot, target: number, lease: string) {
    const { listing, sentQuantity } = now
    if (!listing) return
    await connectionService.call(userId, 'ebay', async (token) => {
      const counted = await tradingListings.countOnEbay(token, itemIdOf(listing))
      if (counted === undefined) return
      if (!(await revisions.markStage(sql, listingId, lease, target, 'inventory', LEASE_SECONDS)))
        throw new Error('revision lease lost')
      const quantity = quantityToSend(listing.quantity, sentQuantity, counted)
      if (quantity === 0) await tradingListings.end(token, itemIdOf(listing))
      else await tradingListings.revise(token, listing, quantity)
      const change = { change: listing.quantity - (sentQuantity ?? listing.quantity), quantity: listing.quantity }
      if (!(await revisions.markStage(sql, listingId, lease, target, 'offer', LEASE_SECONDS, change)))
        throw new Error('revision lease lost')
    })
  }

  async function withdrawIfLive(token: string, listing: Listing): Promise<void> {
    const { ebayOfferId } = await ebayState.findEbayState(sql, listing.id)
    if (!ebayOfferId) return
    const reply = await sell.send(token, { method: 'GET', path: `${INVENTORY}/offer/${ebayOfferId}`, accept: [404] })
    if (reply.status !== 200 || readReply(OfferStatusSchema, reply).status !== 'PUBLISHED') return
    await sell.send(token, { method: 'POST', path: `${INVENTORY}/offer/${ebayOfferId}/withdraw` })
  }

  async function revise({ listingId }: { listingId: number }, job?: JobInfo): Promise<void> {
    // The job's id: its retry after a kill takes its own lease back rather than wait it out.
    const lease = job?.id ?? randomUUID()
    const claimed = await revisions.claim(sql, listingId, lease, LEASE_SECONDS)
    if (claimed.heldUntil) {
      // Another job is at it; it sends this change too unless it dies, so look again once its lease has run out.
      await jobs.send(
        REVISION_JOB,
        { listingId },
        { startAfterSeconds: (claimed.heldUntil.getTime() - Date.now()) / 1000 + 1 },
      )
      return
    }
    const userId = await listings.ownerOf(sql, listingId)
    for (let row = claimed.row; row && userId !== undefined;) {
      let target = row.requested
      if (row.sentToday >= REVISIONS_PER_DAY) return waitForTomorrow(listingId, lease)
      try {
        const now = await listingAsRequested(userId, listingId)
        target = now.requested
        await send(userId, row, now, target, lease)
        row = await revisions.finish(sql, listingId, lease, target, null)
        if (!row) await logChange(sql, userId, 'revision-finished', listingId, { marketplace: 'ebay', refusal: null })
      } catch (error) {
        if (error instanceof EbayRefusal && error.errorIds.includes(REVISION_LIMIT_ERROR))
          return waitForTomorrow(listingId, lease)
        if (isPassing(error)) {
          await revisions.release(sql, listingId, lease, 'pending', BUSY_MESSAGE).catch(() => undefined)
          throw error
        }
        const refusal = (error as AppError).message
        row = await revisions.finish(sql, listingId, lease, target, refusal)
        await tellRefused(userId, listingId, error)
        // The seller's open screens show eBay's answer (docs/decisions/0034); a newer change already on its way waits.
        if (!row) await logChange(sql, userId, 'revision-finished', listingId, { marketplace: 'ebay', refusal })
      }
    }
  }

  /** eBay said no: the seller's phone is told, unless the connection lapsed (that has its own notification). */
  async function tellRefused(userId: number, listingId: number, error: unknown): Promise<void> {
    if (error instanceof AppError && error.code === 'marketplace_connection_lapsed') return
    await push
      .notify(undefined, userId, { type: 'revision-refused', listingId, marketplace: 'ebay' })
      .catch((failure: unknown) => console.error('[push] a refused eBay revision was not queued:', failure))
  }

  async function waitForTomorrow(listingId: number, lease: string): Promise<void> {
    await revisions.release(sql, listingId, lease, 'waiting', DAILY_LIMIT_MESSAGE)
    await jobs.send(REVISION_JOB, { listingId }, { startAfterSeconds: secondsUntilPacificMidnight() })
  }

  return {
    revise,

    async requestRevision(tx: Tx, listing: Pick<Listing, 'id'>): Promise<void> {
      if (await revisions.requestRevision(tx, listing.id))
        await jobs.sendInTransaction(tx, REVISION_JOB, { listingId: listing.id })
    },

    async resumeStalled(): Promise<number> {
      const stalled = await revisions.findStalled(sql, 5)
      for (const listingId of stalled) await jobs.send(REVISION_JOB, { listingId })
      await revisions.touch(sql, stalled)
      return stalled.length
    },
  }
}
