// Publishing a listing to Etsy, exactly once under retries, lost replies and two API processes (docs/decisions/0031):
// createDraftListing, each photo in order (uploadListingImage, rank 1 the cover), the inventory (price and quantity),
// then state=active. The stage is stored before each call (db/listing-etsy-place.ts), so a retry goes on from where
// the last attempt stopped; a draft whose create reply was lost is found in the shop's drafts and reused, never made
// twice; a photo is uploaded at its rank with overwrite, so sending it again replaces it. A lease on the row keeps a
// second process out while one publishes.
import * as v from 'valibot'
import type { EtsyPublishInput, EtsyPublishResult } from '../../contract/etsy-publish.ts'
import { ETSY_IMAGES_MAX } from '../../contract/etsy-publish.ts'
import { ETSY_WHEN_MADE } from '../../contract/etsy-when-made.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import * as places from '../../db/listing-etsy-place.ts'
import * as listings from '../../db/listings.ts'
import { AppError, conflict, notFound } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { readPhoto, type FileStorage } from '../listings/storage.ts'
import { draftForm, etsyPrice, etsyTitle, inventoryBody } from './listing-body.ts'
import { EtsyRefusal, readReply, type EtsyApi } from './open-api.ts'
import { missingRefusal, type EtsyPlan, type EtsyRequirementsCheck } from './requirements.ts'

const ETSY = 'etsy'
// Long enough for a publish's calls (each has its own 20 s limit); a process that died lets go when it runs out.
const LEASE_SECONDS = 180
// A draft made by a lost create call was made after its stage began; the margin allows for Etsy's clock.
const CLOCK_MARGIN_SECONDS = 300

const ListingSchema = v.object({ listing_id: v.number(), state: v.string(), url: v.nullish(v.string()) })
const DraftsSchema = v.object({
  results: v.array(v.object({ listing_id: v.number(), title: v.string(), created_timestamp: v.number() })),
})
const ImageSchema = v.object({ listing_image_id: v.number(), rank: v.optional(v.number()) })

export const listingUrl = (listingId: string) => `https://www.etsy.com/listing/${listingId}`

/** Etsy's refusal, said for the seller; a when_made Etsy no longer takes lists the ones we know. */
function explain(error: unknown): unknown {
  if (!(error instanceof EtsyRefusal) || !/when_made/i.test(error.etsyText)) return error
  // Also under the whenMade field, so the dialog shows it beside the choice to make again (it branches on the field).
  return new AppError(
    400,
    'etsy_refused',
    `Etsy no longer accepts that "when it was made" value (${error.etsyText}). The values Snaplist knows are ${ETSY_WHEN_MADE.join(', ')}; if Etsy changed its list, the site operator updates api/contract/etsy-when-made.ts.`,
    { fields: { whenMade: 'Etsy no longer accepts this value. Choose another of the values it takes now.' } },
  )
}

export interface EtsyPublisherDeps {
  sql: Sql
  storage: FileStorage
  publicUrl: string | undefined
  api: EtsyApi
  connectionService: MarketplaceConnectionService
  check: EtsyRequirementsCheck
}

export interface EtsyPublisher {
  publish(userId: number, listingId: number, input: EtsyPublishInput): Promise<EtsyPublishResult>
}

export function createEtsyPublisher({
  sql,
  storage,
  publicUrl,
  api,
  connectionService,
  check,
}: EtsyPublisherDeps): EtsyPublisher {
  /** The draft a create call whose reply was lost made: same title, made since that stage began. */
  async function findLostDraft(token: string, plan: EtsyPlan, title: string, since: Date) {
    const body = await api.send(token, {
      method: 'GET',
      path: `/v3/application/shops/${plan.shopId}/listings?state=draft&limit=100`,
    })
    const after = since.getTime() / 1000 - CLOCK_MARGIN_SECONDS
    return readReply(DraftsSchema, body).results.find(
      (draft) => draft.title === title && draft.created_timestamp >= after,
    )
  }

  async function createDraft(token: string, listing: Listing, plan: EtsyPlan, place: places.PlaceRow) {
    const lost = await findLostDraft(token, plan, etsyTitle(listing.title), place.stageAt)
    const listingId = lost
      ? lost.listing_id
      : readReply(
          ListingSchema,
          await api.send(token, {
            method: 'POST',
            path: `/v3/application/shops/${plan.shopId}/listings`,
            form: draftForm(listing, plan),
          }),
        ).listing_id
    await places.saveStage(sql, listing.id, ETSY, 'images', { externalId: String(listingId) })
    return String(listingId)
  }

  async function uploadPhotos(token: string, listing: Listing, plan: EtsyPlan, etsyId: string, from: number) {
    const urls = listing.images.slice(0, ETSY_IMAGES_MAX)
    const rows = new Map((await images.findStoredPhotos(sql, listing.userId, urls)).map((row) => [row.url, row]))
    for (let index = from; index < urls.length; index++) {
      const row = rows.get(urls[index]!)
      if (!row) throw new AppError(409, 'photo_missing', 'One of this listing’s photos is no longer stored.')
      const form = new FormData()
      form.set('image', new Blob([new Uint8Array(await readPhoto(storage, row, publicUrl))], { type: 'image/jpeg' }))
      form.set('rank', String(index + 1))
      form.set('overwrite', 'true')
      const reply = await api.send(token, {
        method: 'POST',
        path: `/v3/application/shops/${plan.shopId}/listings/${etsyId}/images`,
        multipart: form,
      })
      readReply(ImageSchema, reply)
      await places.countImageSent(sql, listing.id, ETSY, index + 1)
    }
  }

  async function goLive(token: string, listing: Listing, plan: EtsyPlan) {
    // Read again on each try: a refreshed token's second try goes on from where the first stopped.
    const place = (await places.findPlace(sql, listing.id, ETSY))!
    let stage = place.stage
    const etsyId = place.externalId ?? (await createDraft(token, listing, plan, place))
    if (stage === 'create') stage = 'images'
    if (stage === 'images') {
      await uploadPhotos(token, listing, plan, etsyId, place.externalId ? place.imagesSent : 0)
      await places.saveStage(sql, listing.id, ETSY, 'inventory')
      stage = 'inventory'
    }
    if (stage === 'inventory') {
      // A reused draft may carry an older price or quantity: the inventory says what the listing says now.
      await api.send(token, {
        method: 'PUT',
        path: `/v3/application/listings/${etsyId}/inventory`,
        json: inventoryBody(listing, plan),
      })
      await places.saveStage(sql, listing.id, ETSY, 'activate', { quantitySent: listing.quantity })
    }
    const form = new URLSearchParams({ state: 'active' })
    const path = `/v3/application/shops/${plan.shopId}/listings/${etsyId}`
    const live = readReply(ListingSchema, await api.send(token, { method: 'PATCH', path, form }))
    const url = live.url ?? listingUrl(etsyId)
    await places.saveStage(sql, listing.id, ETSY, 'done')
    await places.saveStatus(sql, listing.id, ETSY, 'active', url)
    return { etsyId, url }
  }

  const result = (etsyId: string, url: string, message: string): EtsyPublishResult => ({
    message,
    listingId: etsyId,
    platformListingId: `etsy-${etsyId}`,
    viewUrl: url,
  })

  return {
    async publish(userId: number, listingId: number, input: EtsyPublishInput): Promise<EtsyPublishResult> {
      const stored = await listings.findListing(sql, userId, listingId)
      if (!stored) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      const done = await places.findPlace(sql, listingId, ETSY)
      if (done?.status === 'active' && done.externalId)
        return result(done.externalId, done.url ?? listingUrl(done.externalId), 'This listing is already on Etsy.')
      const listing = { ...stored, askingPrice: input.askingPrice ?? stored.askingPrice }
      if (!listing.images.length)
        throw new AppError(400, 'etsy_missing_fields', 'Etsy needs at least one photo. Add a photo, then post.')
      if (!(etsyPrice(listing) > 0))
        throw new AppError(400, 'etsy_missing_fields', 'Etsy needs a price. Set the Price, then post.')
      const { requirements, plan } = await check(userId, listing, input)
      if (!plan) throw missingRefusal(requirements.missing)
      if (input.askingPrice) await listings.saveAskingPrice(sql, listingId, input.askingPrice)
      if (!(await places.takeLease(sql, listingId, ETSY, LEASE_SECONDS)))
        throw conflict('This listing is being posted to Etsy right now. Wait a moment and refresh.')
      try {
        const live = await connectionService.call(userId, ETSY, (token) => goLive(token, listing, plan))
        return result(live.etsyId, live.url, 'Your listing is live on Etsy.')
      } catch (error) {
        throw explain(error)
      } finally {
        await places.releaseLease(sql, listingId, ETSY)
      }
    },
  }
}
