// Publishing a listing to eBay through the Sell Inventory API, and the check the Post to eBay dialog runs first.
// Everything a first-time seller lacks is found or set up (business policies read, an inventory location found or
// created once); the category comes from eBay's suggestion for the title and its required aspects are filled from
// the listing, so what Snaplist lets through is what eBay accepts. Publishing is idempotent: the SKU is kept on the
// listing (sku.ts), the offer id is kept, and a retry after a lost reply updates the same offer and gets the same eBay listing.
import * as v from 'valibot'
import {
  NEW_CONDITIONS,
  type EbayCondition,
  type EbayPublishInput,
  type EbayPublishResult,
  type EbayRequirements,
  type EbayRequirementsQuery,
} from '../../contract/ebay-publish.ts'
import { CHECKED_GUESSES } from '../../contract/guesses.ts'
import { isPostedToSpecMarketplace, type Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import { ensureRow as ensureRevisionRow } from '../../db/ebay-revisions.ts'
import * as setups from '../../db/ebay-seller-setup.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'
import * as listings from '../../db/listings.ts'
import { AppError, notFound } from '../../errors.ts'
import { ebayUnavailable } from './errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { keepTyped } from './aspect-values.ts'
import { resolveCondition, resolveConditionDescription } from './condition-choice.ts'
import { inventoryItemBody, offerDetails, type EbayRevisionBodies } from './inventory-bodies.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { EbayPictures } from './pictures.ts'
import { explainRefusal, missingFields } from './publish-refusals.ts'
import { createPublishPreparation, ownPhotoNeeded, runSaves, type Preparation } from './publish-preparation.ts'
import { EbayRefusal, INVENTORY, PublishedOfferSchema, readReply, type EbaySellClient } from './sell-api.ts'
import { ebaySkuOf } from './sku.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

const MARKETPLACE = 'EBAY_US'
const LOCATION_KEY = 'snaplist'
export const LOCATION_FIELD = 'Item location (ZIP code)'

// eBay's replies to createOffer, getOffers and publishOffer, as far as they are read.
const CreatedOfferSchema = v.object({ offerId: v.pipe(v.string(), v.nonEmpty()) })
const OffersSchema = v.object({ offers: v.optional(v.array(v.object({ offerId: v.string() })), []) })

export interface EbayPublisherDeps {
  sql: Sql
  connectionService: MarketplaceConnectionService
  sell: EbaySellClient
  taxonomy: EbayTaxonomy
  pictures: EbayPictures
  /** Where a listing is seen on eBay: the item page address without the listing id. */
  itemUrl: string
  /** The dialog's check counts on the install's lookup limit (issue 46 G3); publishing does not. */
  limits: LookupLimiter
}

export interface EbayPublisher {
  /** What the Post to eBay dialog shows before publishing: category, required details, selling set-up. */
  requirements(userId: number, listingId: number, query: EbayRequirementsQuery): Promise<EbayRequirements>
  /**
   * What a revision of a listing already on eBay sends, both full replacements: the inventory item and the offer,
   * built as publishing builds them from the listing as it is now and what publishing kept (category, aspects,
   * condition, policies, location). What eBay would refuse for want of a field is refused here, before eBay.
   */
  revisionOf(token: string, userId: number, listing: Listing): Promise<EbayRevisionBodies>
  publish(userId: number, listingId: number, input: EbayPublishInput): Promise<EbayPublishResult>
}

export function createEbayPublisher(deps: EbayPublisherDeps): EbayPublisher {
  const { sql, connectionService, sell, taxonomy, pictures, itemUrl, limits } = deps
  const inFlight = new Map<number, Promise<unknown>>()

  /** One publish per listing at a time in this process; a double tap waits and then finds it posted. */
  async function oneAtATime<T>(listingId: number, work: () => Promise<T>): Promise<T> {
    while (inFlight.has(listingId)) await inFlight.get(listingId)!.catch(() => undefined)
    const running = work()
    inFlight.set(listingId, running)
    try {
      return await running
    } finally {
      inFlight.delete(listingId)
    }
  }

  async function ownListing(userId: number, id: number): Promise<Listing> {
    const listing = await listings.findListing(sql, userId, id)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    return listing
  }

  const prepare = createPublishPreparation({ sql, sell, taxonomy })

  /** Makes the seller's location on eBay, once; the setup row it is noted in was saved with the policies. */
  async function createLocation(token: string, userId: number, postalCode: string): Promise<string> {
    const body = {
      location: { address: { postalCode, country: 'US' } },
      locationTypes: ['WAREHOUSE'],
      name: 'Snaplist',
      merchantLocationStatus: 'ENABLED',
    }
    // 409: made by an earlier attempt whose reply was lost; it is ours all the same.
    await sell.send(token, { method: 'POST', path: `${INVENTORY}/location/${LOCATION_KEY}`, body, accept: [409] })
    await setups.saveLocationKey(sql, userId, LOCATION_KEY)
    return LOCATION_KEY
  }

  /** The inventory item for the listing, with its pictures on eBay. */
  async function inventoryItem(
    token: string,
    userId: number,
    listing: Listing,
    condition: { value: EbayCondition; description: string },
    aspects: Record<string, string[]>,
  ) {
    return inventoryItemBody(listing, await pictures.urlsFor(token, userId, listing.images), condition, aspects)
  }

  async function putInventoryItem(
    token: string,
    userId: number,
    listing: Listing & { sku: string },
    condition: { value: EbayCondition; description: string },
    aspects: Record<string, string[]>,
  ) {
    const body = await inventoryItem(token, userId, listing, condition, aspects)
    await sell.send(token, { method: 'PUT', path: `${INVENTORY}/inventory_item/${listing.sku}`, body })
  }

  const offerOf = (listing: Listing, prepared: Preparation, locationKey: string) =>
    offerDetails(listing, prepared.category.id, prepared.policies!, locationKey)

  /** The offer for this SKU, updated or created; eBay allows one per SKU, so an existing one is found and updated. */
  async function upsertOffer(
    token: string,
    listing: Listing & { sku: string },
    known: string | null,
    details: ReturnType<typeof offerOf>,
  ): Promise<string> {
    const update = async (offerId: string) => {
      const reply = await sell.send(token, {
        method: 'PUT',
        path: `${INVENTORY}/offer/${offerId}`,
        body: details,
        accept: [404],
      })
      return reply.status === 404 ? null : offerId
    }
    if (known && (await update(known))) return known
    const { sku } = listing
    let offerId: string
    try {
      const reply = await sell.send(token, {
        method: 'POST',
        path: `${INVENTORY}/offer`,
        body: { sku, marketplaceId: MARKETPLACE, format: 'FIXED_PRICE', ...details },
      })
      offerId = readReply(CreatedOfferSchema, reply).offerId
    } catch (error) {
      if (!(error instanceof EbayRefusal) || !/already exists/i.test(error.ebayText)) throw error
      const found = await sell.send(token, {
        method: 'GET',
        path: `${INVENTORY}/offer?sku=${sku}&marketplace_id=${MARKETPLACE}`,
      })
      offerId = readReply(OffersSchema, found).offers[0]?.offerId ?? ''
      if (offerId) await update(offerId)
    }
    if (!offerId) throw ebayUnavailable()
    await ebayState.saveEbayOffer(sql, listing.id, offerId)
    return offerId
  }

  const result = (ebayListingId: string, message: string): EbayPublishResult => ({
    message,
    listingId: ebayListingId,
    platformListingId: `ebay-${ebayListingId}`,
    viewUrl: `${itemUrl}${ebayListingId}`,
  })

  async function publishListing(
    token: string,
    userId: number,
    stored: Listing,
    input: EbayPublishInput,
  ): Promise<EbayPublishResult> {
    const typed = input.aspects ?? {}
    const listing = { ...stored, askingPrice: input.askingPrice ?? stored.askingPrice }
    const prepared = await prepare(token, userId, listing, typed, {
      categoryId: input.categoryId,
      shippingPolicyId: input.shippingPolicyId,
    })
    const condition = resolveCondition(listing, input.condition, prepared.conditions)
    const conditionDescription = resolveConditionDescription(listing, input.conditionDescription, condition)
    if (prepared.policiesProblem) throw prepared.policiesProblem
    const missing = [
      ...prepared.missing,
      ...ownPhotoNeeded(prepared, condition),
      ...(prepared.locationKey || input.postalCode ? [] : [LOCATION_FIELD]),
    ]
    if (missing.length) throw missingFields(missing)
    try {
      // What eBay said, and the seller's Price and category, are kept from here on: the item, offer and listing made
      // next are eBay's and must be found again.
      const askingPrice = input.askingPrice
      await runSaves([
        ...prepared.saves,
        prepared.saveCategory,
        prepared.saveShipping,
        askingPrice ? () => listings.saveAskingPrice(sql, listing.id, askingPrice) : undefined,
      ])
      const locationKey = prepared.locationKey ?? (await createLocation(token, userId, input.postalCode!))
      const item = { ...listing, sku: await ebaySkuOf(sql, listing.id) }
      await putInventoryItem(
        token,
        userId,
        item,
        { value: condition, description: conditionDescription },
        prepared.aspects.values,
      )
      const offerId = await upsertOffer(token, item, prepared.offerId, offerOf(listing, prepared, locationKey))
      // Publishing an offer that is already live revises it and answers with the same listing id: never a second one.
      const published = await sell.send(token, { method: 'POST', path: `${INVENTORY}/offer/${offerId}/publish` })
      const ebayListingId = readReply(PublishedOfferSchema, published).listingId
      const { fields, kept } = keepTyped(typed, prepared.aspects.values)
      await listings.saveFieldValues(sql, listing.id, fields)
      await ensureRevisionRow(sql, listing.id, listing.quantity)
      await ebayState.markPostedToEbay(sql, listing.id, {
        platformListingId: `ebay-${ebayListingId}`,
        condition: NEW_CONDITIONS.includes(condition) ? 'new' : 'used',
        ebayCondition: condition,
        conditionDescription,
        aspects: { ...prepared.keptAspects, ...kept },
      })
      // The parcel and condition went as the dialog showed them: the seller's now, no longer Snaplist's guesses.
      await listings.forgetGuesses(sql, userId, listing.id, CHECKED_GUESSES)
      return result(ebayListingId, 'Your listing is live on eBay.')
    } catch (error) {
      throw error instanceof EbayRefusal
        ? await explainRefusal({ sql, taxonomy }, token, userId, prepared.category.id, error)
        : error
    }
  }

  return {
    async requirements(userId, listingId, { categoryId, shippingPolicyId }) {
      const listing = await ownListing(userId, listingId)
      return connectionService.call(userId, 'ebay', async (token) => {
        await limits.asking('ebay')
        const prepared = await prepare(token, userId, listing, {}, { categoryId, shippingPolicyId })
        // A category the seller is only looking at is not kept on the listing: a GET changes nothing of theirs.
        await runSaves([...prepared.saves, categoryId ? undefined : prepared.saveCategory])
        const condition = resolveCondition(listing, undefined, prepared.conditions)
        return {
          category: prepared.category,
          condition,
          conditions: prepared.conditions,
          conditionDescription: NEW_CONDITIONS.includes(condition) ? '' : listing.ebayConditionDescription,
          aspects: prepared.aspects.required,
          otherAspects: prepared.aspects.others,
          missing: prepared.missing,
          policiesProblem: prepared.policiesProblem?.message ?? null,
          needsLocation: prepared.locationKey === null,
          shipping: {
            policies: prepared.shippingPolicies,
            chosen: prepared.policies?.fulfillmentPolicyId ?? null,
          },
          onlyStockPhotos: prepared.onlyStockPhotos,
        }
      })
    },
    async revisionOf(token: string, userId: number, listing: Listing): Promise<EbayRevisionBodies> {
      const prepared = await prepare(token, userId, listing, {})
      if (prepared.policiesProblem) throw prepared.policiesProblem
      const condition = resolveCondition(listing, undefined, prepared.conditions)
      const missing = [...prepared.missing, ...ownPhotoNeeded(prepared, condition)]
      if (missing.length) {
        throw new AppError(
          400,
          'ebay_missing_fields',
          `Missing required fields: ${missing.join(', ')}. Add them to the listing; eBay shows the earlier version until then.`,
        )
      }
      if (!prepared.offerId || !prepared.locationKey) throw notFound('This listing is not on eBay.')
      await runSaves(prepared.saves)
      const description = resolveConditionDescription(listing, undefined, condition)
      return {
        sku: await ebaySkuOf(sql, listing.id),
        item: await inventoryItem(token, userId, listing, { value: condition, description }, prepared.aspects.values),
        offerId: prepared.offerId,
        offer: offerOf(listing, prepared, prepared.locationKey),
      }
    },
    publish: (userId: number, listingId: number, input: EbayPublishInput): Promise<EbayPublishResult> =>
      oneAtATime(listingId, async () => {
        const listing = await ownListing(userId, listingId)
        if (isPostedToSpecMarketplace(listing))
          return result(listing.platformListingId!.replace(/^ebay-/, ''), 'This listing is already posted to eBay.')
        return connectionService.call(userId, 'ebay', (token) => publishListing(token, userId, listing, input))
      }),
  }
}
