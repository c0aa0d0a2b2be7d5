// Bringing Shopify in step with the listing (decision 0074, as Etsy's revisions, decision 0033): the seller's edit
// (title, description, price, photos…) with productSet, and the stock after a sale anywhere else with
// inventorySetQuantities' compare-and-set. A durable job per listing, asked for in the change's transaction; the
// place's revision counters make quick changes one revision and its lease one job at a time. At no stock left the
// product is ended (DRAFT). The count sent is never more than both what Shopify counts and what it was last sent less
// the sales applied since (selling/stock-bound.ts), set only if Shopify still counts what was read: a sale Shopify
// counted in between makes it refuse, and the count is read again.
import type { Listing } from '../../contract/listing.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import { placeDetail } from '../../db/listing-places.ts'
import * as listings from '../../db/listings.ts'
import { AppError } from '../../errors.ts'
import type { JobInfo, JobQueue } from '../jobs.ts'
import { createPushQueue } from '../push/notifications.ts'
import { quantityToSend } from '../selling/stock-bound.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'
import { readAvailable, setAvailable, type ShopifyStock } from './inventory.ts'
import { productSetInput } from './product-input.ts'
import { setProduct, setProductStatus } from './products.ts'
import { photoUrls } from './publish.ts'
import type { ShopifyStoreAccess } from './store-access.ts'

export const SHOPIFY_REVISION_JOB = 'shopify-revision'
const SHOPIFY = 'shopify'
const LEASE_SECONDS = 120
/** A change whose job was lost is queued again by the sales poll once it has waited this long. */
const STALLED_MINUTES = 5
/** Reads of Shopify's count before a compare-and-set that keeps meeting sales gives way to the job's retry. */
const COUNT_TRIES = 3

/** Shopify busy, away or unreachable, its count moved under us, or the database: worth trying again. */
const isPassing = (error: unknown) =>
  !(error instanceof AppError) ||
  error.status >= 500 ||
  error.status === 429 ||
  error.code === 'shopify_quantity_changed'

export interface ShopifyRevisions {
  /** The job: sends the listing's changes until Shopify has the listing as it is, or keeps Shopify's refusal. */
  revise(data: { listingId: number }, job?: JobInfo): Promise<void>
  /** The listing changed (in `tx`): if it is on Shopify, Shopify gets the change from a job in the same transaction. */
  requestRevision(tx: Tx, listing: Pick<Listing, 'id'>): Promise<void>
  /** Queues again the revisions whose job was lost; the sales poll calls it. */
  resumeStalled(): Promise<void>
}

export function createShopifyRevisions(deps: {
  sql: Sql
  jobs: JobQueue
  admin: ShopifyAdmin
  access: ShopifyStoreAccess
  publicUrl: string | undefined
}): ShopifyRevisions {
  const { sql, jobs, admin, access, publicUrl } = deps
  const push = createPushQueue(jobs)

  /** Sets Shopify's count to what may be sold, compare-and-set; answers what it was set to. */
  async function sendCount(store: ShopifyStore, listing: Listing, sent: number | null, stock: ShopifyStock) {
    for (let tries = 1; ; tries++) {
      const counted = await readAvailable(admin, store, stock)
      const quantity = quantityToSend(listing.quantity, sent, counted)
      if (quantity === counted) return quantity
      try {
        await setAvailable(admin, store, stock, { quantity, changeFromQuantity: counted })
        return quantity
      } catch (error) {
        if (tries >= COUNT_TRIES || !(error instanceof AppError && error.code === 'shopify_quantity_changed'))
          throw error
      }
    }
  }

  async function send(store: ShopifyStore, listing: Listing, place: places.PlaceRow) {
    const productId = place.externalId!
    const [variantId, inventoryItemId, locationId] = await Promise.all(
      ['variantId', 'inventoryItemId', 'locationId'].map((key) => placeDetail(sql, listing.id, SHOPIFY, key)),
    )
    if (!variantId || !inventoryItemId || !locationId) return
    // A product Shopify sold out is still ACTIVE there, at none available: a place Snaplist took for sold out is up.
    const live = place.status === 'active' || place.status === 'sold'
    if (listing.quantity > 0)
      await setProduct(
        admin,
        store,
        productSetInput(listing, {
          locationId,
          photoUrls: photoUrls(listing, publicUrl),
          status: live ? 'ACTIVE' : 'DRAFT',
          variantId,
        }),
        productId,
      )
    const quantity = await sendCount(store, listing, place.quantitySent, { inventoryItemId, locationId })
    await places.addSentQuantity(sql, listing.id, SHOPIFY, place.quantitySent ?? quantity, quantity)
    // Taken for sold out there, yet Shopify counts pieces (a raise whose answer a killed process never recorded).
    if (quantity > 0 && place.status === 'sold') await places.saveStatus(sql, listing.id, SHOPIFY, 'active', null)
    if (quantity === 0 && live) {
      await setProductStatus(admin, store, productId, 'DRAFT')
      await places.saveStatus(sql, listing.id, SHOPIFY, 'inactive', null)
    }
  }

  async function revise({ listingId }: { listingId: number }, job?: JobInfo): Promise<void> {
    const userId = await listings.ownerOf(sql, listingId)
    for (let first = true; ; first = false) {
      const claimed = await places.claimRevision(sql, listingId, SHOPIFY, LEASE_SECONDS, job?.id)
      if (!claimed && first) {
        // Another job holds the change; look again once its lease is over, in case its process died.
        const heldUntil = await places.revisionHeldUntil(sql, listingId, SHOPIFY)
        if (heldUntil)
          await jobs.send(
            SHOPIFY_REVISION_JOB,
            { listingId },
            { startAfterSeconds: (heldUntil.getTime() - Date.now()) / 1000 + 1 },
          )
      }
      if (!claimed || userId === undefined) return
      const target = claimed.requested
      try {
        // The listing's stock and what Shopify last got, in one snapshot (as Etsy's revisions read them).
        const { listing, place } = await sql.begin('isolation level repeatable read', async (tx) => ({
          listing: await listings.findListing(tx, userId, listingId),
          place: await places.findPlace(tx, listingId, SHOPIFY),
        }))
        if (listing && place?.externalId) await access(userId, (store) => send(store, listing, place))
        await places.finishRevision(sql, listingId, SHOPIFY, target, null)
        await logChange(sql, userId, 'revision-finished', listingId, { marketplace: SHOPIFY, refusal: null })
      } catch (error) {
        if (isPassing(error)) {
          await places.releaseRevision(sql, listingId, SHOPIFY).catch(() => undefined)
          throw error
        }
        const refusal = (error as AppError).message
        await places.finishRevision(sql, listingId, SHOPIFY, target, refusal)
        await logChange(sql, userId, 'revision-finished', listingId, { marketplace: SHOPIFY, refusal })
        if (!(error instanceof AppError && error.code === 'marketplace_connection_lapsed'))
          await push
            .notify(undefined, userId, { type: 'revision-refused', listingId, marketplace: SHOPIFY })
            .catch((failure: unknown) => console.error('[push] a refused Shopify revision was not queued:', failure))
      }
    }
  }

  return {
    revise,
    async requestRevision(tx, listing) {
      if (await places.requestRevision(tx, listing.id, SHOPIFY))
        await jobs.sendInTransaction(tx, SHOPIFY_REVISION_JOB, { listingId: listing.id })
    },
    async resumeStalled() {
      for (const listingId of await places.takeStalledRevisions(sql, SHOPIFY, STALLED_MINUTES))
        await jobs.send(SHOPIFY_REVISION_JOB, { listingId })
    },
  }
}
