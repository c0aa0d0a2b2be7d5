// Bringing Etsy in step with the listing (docs/decisions/0033): the seller's edit (title, description, tags, price) and
// the stock after a sale anywhere else. A durable job per listing, asked for in the change's transaction; the row's
// counters (requested, sent) make quick changes one revision and its lease one job at a time, however many processes.
// The job sends the listing as it is when it runs: at no stock left it takes the listing down (state=inactive: Etsy
// refuses a stock of 0 on an active listing); otherwise it writes the inventory with no more than the bound
// (selling/stock-bound.ts), then reads the shop's receipts of those minutes and lowers Etsy's count again if a sale
// landed under the write.
import * as v from 'valibot'
import { logChange } from '../../db/change-events.ts'
import type { Listing } from '../../contract/listing.ts'
import { marketplaceDescription } from '../../contract/measurements.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import * as listings from '../../db/listings.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { AppError } from '../../errors.ts'
import { createPushQueue } from '../push/notifications.ts'
import type { JobInfo, JobQueue } from '../jobs.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { quantityToSend } from '../selling/stock-bound.ts'
import { etsyNotConnected } from './errors.ts'
import { appendParcel, etsyPrice, etsyTags, etsyTitle } from './listing-body.ts'
import { readReply, type EtsyApi } from './open-api.ts'
import { ETSY_OVERLAP_MS, type EtsyReceipts } from './receipts.ts'

export const ETSY_REVISION_JOB = 'etsy-revision'
const ETSY = 'etsy'
/** Longer than a revision's calls can take (20 s each at worst); a dead job's lease runs out. */
const LEASE_SECONDS = 120
/** A change whose job was lost is queued again by the sales poll once it has waited this long. */
const STALLED_MINUTES = 5

const InventorySchema = v.object({
  products: v.array(
    v.object({
      offerings: v.array(v.object({ quantity: v.number(), readiness_state_id: v.nullish(v.number()) })),
    }),
  ),
})
const ListingStateSchema = v.object({ state: v.string(), url: v.nullish(v.string()) })

/** Etsy busy, away or unreachable, or the database: worth trying again. Anything else is Etsy's refusal, kept. */
const isPassing = (error: unknown) => !(error instanceof AppError) || error.status >= 500 || error.status === 429

export interface EtsyRevisionsDeps {
  sql: Sql
  jobs: JobQueue
  api: EtsyApi
  receipts: EtsyReceipts
  connectionService: MarketplaceConnectionService
}

export interface EtsyRevisions {
  /** The job: sends the listing's changes until Etsy has the listing as it is, or keeps Etsy's refusal for the row. */
  revise(data: { listingId: number }, job?: JobInfo): Promise<void>
  /**
   * The listing changed (in `tx`): if it is on Etsy, Etsy gets the change from a job recorded in the same transaction.
   */
  requestRevision(tx: Tx, listing: Pick<Listing, 'id'>): Promise<void>
  /**
   * Queues again the revisions whose job was lost (a crash between a change and its queueing); the sales poll calls it.
   */
  resumeStalled(): Promise<void>
}

export function createEtsyRevisions({ sql, jobs, api, receipts, connectionService }: EtsyRevisionsDeps): EtsyRevisions {
  const push = createPushQueue(jobs)
  const listingPath = (shopId: string, etsyId: string) => `/v3/application/shops/${shopId}/listings/${etsyId}`
  const inventoryPath = (etsyId: string) => `/v3/application/listings/${etsyId}/inventory`

  async function readInventory(token: string, etsyId: string) {
    const inventory = readReply(InventorySchema, await api.send(token, { method: 'GET', path: inventoryPath(etsyId) }))
    const offerings = inventory.products.flatMap((product) => product.offerings)
    return {
      counted: offerings.reduce((sum, offering) => sum + offering.quantity, 0),
      readinessStateId: offerings.find((offering) => offering.readiness_state_id != null)?.readiness_state_id ?? null,
    }
  }

  async function writeInventory(token: string, listing: Listing, etsyId: string, quantity: number, readiness: number) {
    const offering = { price: etsyPrice(listing), quantity, is_enabled: true, readiness_state_id: readiness }
    const products = [{ sku: `snaplist-${listing.id}`, property_values: [], offerings: [offering] }]
    await api.send(token, { method: 'PUT', path: inventoryPath(etsyId), json: { products } })
  }

  async function takeDown(token: string, shopId: string, listingId: number, etsyId: string) {
    const form = new URLSearchParams({ state: 'inactive' })
    const reply = await api.send(token, { method: 'PATCH', path: listingPath(shopId, etsyId), form })
    await places.saveStatus(sql, listingId, ETSY, 'inactive', readReply(ListingStateSchema, reply).url ?? null)
  }

  /**
   * Whether the listing is up on Etsy. A place Snaplist took for sold out there is asked: a raised count whose write
   * Etsy took but whose answer a killed process never recorded leaves Etsy counting more than Snaplist believes.
   */
  async function isUp(token: string, place: places.PlaceRow): Promise<boolean> {
    if (place.status !== 'sold') return place.status === 'active'
    const reply = await api.send(token, { method: 'GET', path: `/v3/application/listings/${place.externalId}` })
    return readReply(ListingStateSchema, reply).state === 'active'
  }

  /** Sends the listing as it is now; the place's status says whether it is up on Etsy. */
  async function send(token: string, userId: number, shopId: string, listing: Listing, place: places.PlaceRow) {
    const etsyId = place.externalId!
    const up = await isUp(token, place)
    if (up && place.status === 'sold') await places.saveStatus(sql, listing.id, ETSY, 'active', null)
    if (listing.quantity === 0) {
      if (up) await takeDown(token, shopId, listing.id, etsyId)
      return
    }
    const details = new URLSearchParams({
      title: etsyTitle(listing.title),
      description: marketplaceDescription(listing),
    })
    for (const tag of etsyTags(listing.keywords)) details.append('tags', tag)
    await api.send(token, { method: 'PATCH', path: listingPath(shopId, etsyId), form: appendParcel(details, listing) })
    const countedAt = new Date()
    const { counted, readinessStateId } = await readInventory(token, etsyId)
    const quantity = quantityToSend(listing.quantity, place.quantitySent, counted)
    if (quantity === 0 || readinessStateId === null) {
      if (up) await takeDown(token, shopId, listing.id, etsyId)
      return
    }
    await writeInventory(token, listing, etsyId, quantity, readinessStateId)
    await places.addSentQuantity(sql, listing.id, ETSY, place.quantitySent ?? quantity, quantity)
    // A sale that landed under the write was put back by it: apply those minutes' receipts, and lower Etsy to the bound.
    const read = await receipts.applySince(token, userId, shopId, new Date(countedAt.getTime() - ETSY_OVERLAP_MS))
    if (!read.etsyListingIds.has(etsyId)) return
    const bound = (await places.findPlace(sql, listing.id, ETSY))?.quantitySent ?? 0
    const again = await readInventory(token, etsyId)
    if (again.counted <= bound) return
    if (bound === 0) await takeDown(token, shopId, listing.id, etsyId)
    else await writeInventory(token, listing, etsyId, bound, readinessStateId)
  }

  async function revise({ listingId }: { listingId: number }, job?: JobInfo): Promise<void> {
    const userId = await listings.ownerOf(sql, listingId)
    for (let first = true; ; first = false) {
      const place = await places.claimRevision(sql, listingId, ETSY, LEASE_SECONDS, job?.id)
      if (!place && first) {
        // Another job holds the change. It sends this one too unless its process died: look again once its lease is
        // over, rather than leave the change to the stalled look (minutes later) while Etsy sells what is gone.
        const heldUntil = await places.revisionHeldUntil(sql, listingId, ETSY)
        if (heldUntil)
          await jobs.send(
            ETSY_REVISION_JOB,
            { listingId },
            { startAfterSeconds: (heldUntil.getTime() - Date.now()) / 1000 + 1 },
          )
      }
      if (!place || userId === undefined) return
      const target = place.requested
      try {
        const shopId = (await findConnection(sql, userId, ETSY))?.accountId
        if (!shopId) throw etsyNotConnected()
        // The listing's stock and what Etsy last got, in one snapshot: a sale applied between two reads would lower
        // one and not yet the other, and the difference would be sent as the seller's own change (too few on Etsy).
        const now = await sql.begin('isolation level repeatable read', async (tx) => ({
          listing: await listings.findListing(tx, userId, listingId),
          place: await places.findPlace(tx, listingId, ETSY),
        }))
        const { listing, place: sentAs } = now
        if (listing && sentAs)
          await connectionService.call(userId, ETSY, (token) => send(token, userId, shopId, listing, sentAs))
        await places.finishRevision(sql, listingId, ETSY, target, null)
        await logChange(sql, userId, 'revision-finished', listingId, { marketplace: ETSY, refusal: null })
      } catch (error) {
        if (isPassing(error)) {
          await places.releaseRevision(sql, listingId, ETSY).catch(() => undefined)
          throw error
        }
        const refusal = (error as AppError).message
        await places.finishRevision(sql, listingId, ETSY, target, refusal)
        // The seller's open screens show Etsy's answer (docs/decisions/0034).
        await logChange(sql, userId, 'revision-finished', listingId, { marketplace: ETSY, refusal })
        // Etsy said no: the seller's phone is told, unless the connection lapsed (that has its own notification).
        if (!(error instanceof AppError && error.code === 'marketplace_connection_lapsed'))
          await push
            .notify(undefined, userId, { type: 'revision-refused', listingId, marketplace: ETSY })
            .catch((failure: unknown) => console.error('[push] a refused Etsy revision was not queued:', failure))
      }
    }
  }

  return {
    revise,
    async requestRevision(tx: Tx, listing: Pick<Listing, 'id'>): Promise<void> {
      if (await places.requestRevision(tx, listing.id, ETSY))
        await jobs.sendInTransaction(tx, ETSY_REVISION_JOB, { listingId: listing.id })
    },
    async resumeStalled(): Promise<void> {
      for (const listingId of await places.takeStalledRevisions(sql, ETSY, STALLED_MINUTES))
        await jobs.send(ETSY_REVISION_JOB, { listingId })
    },
  }
}
