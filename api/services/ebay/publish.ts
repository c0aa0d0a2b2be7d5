// Publishing a listing to eBay through the Sell Inventory API, and the check the Post to eBay dialog runs first.
// Everything a first-time seller lacks is found or set up (business policies read, an inventory location found or
// created once); the category comes from eBay's suggestion for the title and its required aspects are filled from
// the listing, so what Snaplist lets through is what eBay accepts. Publishing is idempotent: the SKU is kept on the
// listing (sku.ts), the offer id is kept, and a retry after a lost reply updates the same offer and gets the same eBay listing.
import { escapeHtml } from '../../contract/email-template.ts'
import {
  EBAY_CONDITION_OF,
  NEW_CONDITIONS,
  type EbayAspectRequirement,
  type EbayAspectValue,
  type EbayCondition,
  type EbayConditionOption,
  type EbayPublishInput,
  type EbayPublishResult,
  type EbayRequirements,
} from '../../contract/ebay-publish.ts'
import { isPostedToEbay, priceForEbay, type Listing } from '../../contract/listing.ts'
import { acceptedAspectValue, aspectFromFields, fieldValueOfAspect } from '../../contract/ebay-aspects.ts'
import type { ListingFieldName } from '../../contract/listing-fields.ts'
import type { Sql } from '../../db/client.ts'
import type { CategoryAspect } from '../../db/ebay-category-aspects.ts'
import { ensureRow as ensureRevisionRow } from '../../db/ebay-revisions.ts'
import * as setups from '../../db/ebay-seller-setup.ts'
import * as listings from '../../db/listings.ts'
import * as connections from '../../db/marketplace-connections.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import { ebayUnavailable } from '../marketplaces/ebay.ts'
import { findBusinessPolicies, type BusinessPolicies } from './policies.ts'
import type { EbayPictures } from './pictures.ts'
import { EbayRefusal, type EbaySellClient } from './sell-api.ts'
import { ebaySkuOf } from './sku.ts'
import type { EbayTaxonomy } from './taxonomy.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'

export const INVENTORY = '/sell/inventory/v1'
const MARKETPLACE = 'EBAY_US'
const LOCATION_KEY = 'snaplist'
export const LOCATION_FIELD = 'Item location (ZIP code)'

// Offer refusals that mean the cached policies or location no longer hold.
const POLICY_ERRORS = [25007, 25008, 25009, 25035, 25036]
const LOCATION_ERROR = 25012
// "… invalid item condition information": the condition is not one the category allows (the cached list is stale).
const CONDITION_ERROR = 25021
const MISSING_ASPECT = /item specific (.+?) is missing/gi

export const missingFields = (names: string[]) =>
  new AppError(
    400,
    'ebay_missing_fields',
    `Missing required fields: ${names.join(', ')}. Add them in the Post to eBay dialog, then post again.`,
  )

interface ResolvedAspects {
  required: EbayAspectRequirement[]
  /** The aspects with a value that the category does not require: sent too, so the dialog shows them first. */
  others: EbayAspectValue[]
  /** Every aspect with a value, as the inventory item takes them. */
  values: Record<string, string[]>
}

/**
 * Each aspect's value: typed in the dialog, else the listing's own field (Brand, Size…) when it answers the aspect,
 * else the value the listing keeps: the analysis's for the aspects no field answers, the one typed in the dialog when
 * posting before for those the field cannot say in eBay's words. A kept value for a field's aspect goes when the
 * seller clears the field (docs/decisions/0022), so what the seller sees on the listing is what eBay gets.
 */
function resolveAspects(
  listing: Listing,
  typed: Record<string, string>,
  kept: Record<string, string>,
  catalog: CategoryAspect[],
): ResolvedAspects {
  const resolved = catalog.map((aspect) => {
    const candidates = [typed[aspect.name], aspectFromFields(aspect.name, listing), kept[aspect.name]]
    const value = candidates.reduce<string | null>(
      (found, candidate) => found ?? (candidate ? acceptedAspectValue(candidate, aspect.allowedValues) : null),
      null,
    )
    return { aspect, value }
  })
  return {
    required: resolved
      .filter(({ aspect }) => aspect.required)
      .map(({ aspect, value }) => ({ name: aspect.name, value, allowedValues: aspect.allowedValues })),
    others: resolved.flatMap(({ aspect, value }) =>
      aspect.required || value === null ? [] : [{ name: aspect.name, value }],
    ),
    values: Object.fromEntries(
      resolved.flatMap(({ aspect, value }) => (value === null ? [] : [[aspect.name, [value]]])),
    ),
  }
}

/**
 * Where what the seller typed in the dialog is kept, in eBay's spelling: in the listing's own field when one answers
 * the aspect and can hold the value (so the listing shows what eBay got), else with the listing's item specifics.
 */
function keepTyped(typed: Record<string, string>, sent: Record<string, string[]>) {
  const fields: Partial<Record<ListingFieldName, string>> = {}
  const kept: Record<string, string> = {}
  for (const name of Object.keys(typed)) {
    const value = sent[name]?.[0]
    if (!value) continue
    const field = fieldValueOfAspect(name, value)
    if (field) fields[field.field] = field.value
    else kept[name] = value
  }
  return { fields, kept }
}

interface SellerReadiness {
  policies: BusinessPolicies | null
  policiesProblem: AppError | null
  locationKey: string | null
}

/** A write that remembers what eBay said; run only once the request succeeds, so a refused one changes nothing. */
type Save = (() => Promise<void>) | undefined

interface Preparation extends SellerReadiness {
  category: { id: string; name: string }
  /** The conditions eBay allows in the category; empty when eBay listed none Snaplist knows. */
  conditions: EbayConditionOption[]
  aspects: ResolvedAspects
  /** The aspect values the listing keeps (from its analysis, or typed when posting before). */
  keptAspects: Record<string, string>
  /** Required fields missing on the listing itself or among the aspects (not the location: the dialog asks for it). */
  missing: string[]
  /** The offer an earlier attempt made for this listing, if it got that far. */
  offerId: string | null
  saves: Save[]
  /** Keeps the category on the listing: eBay's suggestion at once, a category the seller chose only when posting. */
  saveCategory: Save
}

/** What the seller chose in the dialog (or earlier), over what the listing says. */
interface Choices {
  categoryId?: string | undefined
  askingPrice?: number | null | undefined
}

/**
 * The condition for eBay: the one asked for (refused unless the category allows it), else the one chosen before, else
 * the one Snaplist's used/new stands for; when the category allows neither, its first.
 */
function resolveCondition(
  listing: Listing,
  requested: EbayPublishInput['condition'],
  allowed: EbayConditionOption[],
): EbayCondition {
  const isAllowed = (condition: EbayCondition) =>
    allowed.length === 0 || allowed.some((option) => option.value === condition)
  if (requested) {
    const condition = requested === 'used' || requested === 'new' ? EBAY_CONDITION_OF[requested] : requested
    if (isAllowed(condition)) return condition
    throw new AppError(
      400,
      'ebay_condition_not_allowed',
      `eBay does not allow that condition in this category. Choose one of: ${allowed.map((option) => option.label).join(', ')}.`,
      {
        fields: { condition: 'Choose one of the conditions eBay offers for this category' },
      },
    )
  }
  const earlier = [listing.ebayCondition as EbayCondition | null, EBAY_CONDITION_OF[listing.condition]].find(
    (condition) => condition && isAllowed(condition),
  )
  return earlier ?? allowed[0]!.value
}

/** The seller's words on the condition; eBay takes them only for conditions that are not new. */
function resolveConditionDescription(listing: Listing, typed: string | undefined, condition: EbayCondition): string {
  const isNew = NEW_CONDITIONS.includes(condition)
  if (typed && isNew) {
    throw badRequest(
      'A condition description is only for items that are not new. Remove it, or choose a used condition.',
      {
        conditionDescription: 'Only for items that are not new',
      },
    )
  }
  return isNew ? '' : (typed ?? listing.ebayConditionDescription)
}

const runSaves = async (saves: Save[]) => {
  for (const save of saves) await save?.()
}

const policiesOf = ({
  fulfillmentPolicyId,
  paymentPolicyId,
  returnPolicyId,
}: setups.SellerSetup): BusinessPolicies | null =>
  fulfillmentPolicyId && paymentPolicyId && returnPolicyId
    ? { fulfillmentPolicyId, paymentPolicyId, returnPolicyId }
    : null

const descriptionHtml = (listing: Listing) => escapeHtml(listing.description || listing.title).replace(/\r?\n/g, '<br>')

export interface EbayPublisherDeps {
  sql: Sql
  connectionService: MarketplaceConnectionService
  sell: EbaySellClient
  taxonomy: EbayTaxonomy
  pictures: EbayPictures
  /** Where a listing is seen on eBay: the item page address without the listing id. */
  itemUrl: string
}

export function createEbayPublisher({ sql, connectionService, sell, taxonomy, pictures, itemUrl }: EbayPublisherDeps) {
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

  async function findLocation(token: string): Promise<string | null> {
    const reply = await sell.send(token, { method: 'GET', path: `${INVENTORY}/location?limit=20` })
    const locations =
      (reply.body as { locations?: { merchantLocationKey?: string; merchantLocationStatus?: string }[] } | undefined)
        ?.locations ?? []
    return locations.find((location) => location.merchantLocationStatus !== 'DISABLED')?.merchantLocationKey ?? null
  }

  /** The seller's policies and location, from the cache for the connected account or from eBay (then cached). */
  async function sellerReadiness(token: string, userId: number): Promise<SellerReadiness & { save?: Save }> {
    const accountId = (await connections.findConnection(sql, userId, 'ebay'))?.accountId ?? ''
    const cached = await setups.findSellerSetup(sql, userId)
    const cachedPolicies = cached?.accountId === accountId ? policiesOf(cached) : null
    const [policies, locationKey] = await Promise.all([
      cachedPolicies ??
        findBusinessPolicies(sell, token).catch((error: unknown) => {
          if (error instanceof AppError && error.code.startsWith('ebay_policies_')) return error
          throw error
        }),
      (cachedPolicies && cached?.merchantLocationKey) || findLocation(token),
    ])
    if (policies instanceof AppError) return { policies: null, policiesProblem: policies, locationKey }
    const changed = policies !== cachedPolicies || locationKey !== cached?.merchantLocationKey
    const save = changed
      ? () => setups.saveSellerSetup(sql, userId, { accountId, ...policies, merchantLocationKey: locationKey })
      : undefined
    return { policies, policiesProblem: null, locationKey, save }
  }

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

  async function categoryOf(
    token: string,
    listing: Listing,
    state: listings.EbayListingState,
    chosen: string | undefined,
  ): Promise<{ category: { id: string; name: string }; save?: Save }> {
    if (chosen && chosen !== state.ebayCategoryId) {
      const category = await taxonomy.leafCategory(token, chosen)
      return { category, save: () => listings.saveEbayCategory(sql, listing.id, category, true) }
    }
    if (state.ebayCategoryId && state.ebayCategoryName)
      return { category: { id: state.ebayCategoryId, name: state.ebayCategoryName } }
    const category = await taxonomy.suggestCategory(token, listing.title)
    return { category, save: () => listings.saveEbayCategory(sql, listing.id, category) }
  }

  async function prepare(
    token: string,
    userId: number,
    listing: Listing,
    typed: Record<string, string>,
    choices: Choices = {},
  ): Promise<Preparation> {
    const state = await listings.findEbayState(sql, listing.id)
    const [readiness, { category, save: saveCategory }] = await Promise.all([
      sellerReadiness(token, userId),
      categoryOf(token, listing, state, choices.categoryId),
    ])
    const [catalog, conditions] = await Promise.all([
      taxonomy.aspectsFor(token, category.id),
      taxonomy.conditionsFor(token, category.id),
    ])
    const aspects = resolveAspects(listing, typed, state.ebayAspects, catalog.aspects)
    const missing = [
      ...(listing.images.length === 0 ? ['Photos'] : []),
      ...(priceForEbay({ ...listing, askingPrice: choices.askingPrice ?? listing.askingPrice }).value <= 0
        ? ['Price']
        : []),
      ...aspects.required.filter((aspect) => aspect.value === null).map((aspect) => aspect.name),
    ]
    return {
      ...readiness,
      category,
      conditions: conditions.conditions,
      aspects,
      keptAspects: state.ebayAspects,
      missing,
      offerId: state.ebayOfferId,
      saves: [readiness.save, catalog.save, conditions.save],
      saveCategory,
    }
  }

  /** The inventory item for the listing: a full replacement, so every field, every time. */
  async function inventoryItem(
    token: string,
    userId: number,
    listing: Listing,
    condition: { value: EbayCondition; description: string },
    aspects: Record<string, string[]>,
  ) {
    const imageUrls = await pictures.urlsFor(token, userId, listing.images)
    const product = {
      title: listing.title,
      description: descriptionHtml(listing),
      imageUrls,
      aspects,
      ...(listing.brand ? { brand: listing.brand } : {}),
    }
    return {
      availability: { shipToLocationAvailability: { quantity: listing.quantity } },
      condition: condition.value,
      ...(condition.description ? { conditionDescription: condition.description } : {}),
      product,
    }
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

  function offerDetails(listing: Listing, prepared: Preparation, locationKey: string) {
    return {
      availableQuantity: listing.quantity,
      categoryId: prepared.category.id,
      listingDescription: descriptionHtml(listing),
      listingDuration: 'GTC',
      listingPolicies: prepared.policies!,
      pricingSummary: { price: { value: priceForEbay(listing).value.toFixed(2), currency: 'USD' } },
      merchantLocationKey: locationKey,
    }
  }

  /** The offer for this SKU, updated or created; eBay allows one per SKU, so an existing one is found and updated. */
  async function upsertOffer(
    token: string,
    listing: Listing & { sku: string },
    known: string | null,
    details: ReturnType<typeof offerDetails>,
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
      offerId = String((reply.body as { offerId?: unknown } | undefined)?.offerId ?? '')
    } catch (error) {
      if (!(error instanceof EbayRefusal) || !/already exists/i.test(error.ebayText)) throw error
      const found = await sell.send(token, {
        method: 'GET',
        path: `${INVENTORY}/offer?sku=${sku}&marketplace_id=${MARKETPLACE}`,
      })
      offerId = String((found.body as { offers?: { offerId?: unknown }[] } | undefined)?.offers?.[0]?.offerId ?? '')
      if (offerId) await update(offerId)
    }
    if (!offerId) throw ebayUnavailable()
    await listings.saveEbayOffer(sql, listing.id, offerId)
    return offerId
  }

  /** eBay's refusals that Snaplist can name better, and the caches they prove stale. */
  async function explainRefusal(
    token: string,
    userId: number,
    category: string,
    error: EbayRefusal,
  ): Promise<AppError> {
    const aspects = [...error.ebayText.matchAll(MISSING_ASPECT)].map((match) => match[1]!)
    if (aspects.length) {
      await taxonomy.forgetAspects(token, category)
      return missingFields([...new Set(aspects)])
    }
    if (error.errorIds.includes(CONDITION_ERROR)) {
      await taxonomy.forgetConditions(category)
      return new AppError(
        400,
        'ebay_condition_refused',
        `eBay refused the item's condition: ${error.ebayText} Choose another condition in the Post to eBay dialog, then post again.`,
      )
    }
    if (error.errorIds.some((id) => POLICY_ERRORS.includes(id) || id === LOCATION_ERROR)) {
      await setups.forgetSellerSetup(sql, userId)
      if (error.errorIds.includes(LOCATION_ERROR)) return error
      return new AppError(
        400,
        'ebay_policies_refused',
        `You need to set up eBay selling policies that eBay accepts: ${error.ebayText} Check them in eBay Seller Hub (Account → Business policies), then post again.`,
      )
    }
    return error
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
    const prepared = await prepare(token, userId, listing, typed, { categoryId: input.categoryId })
    const condition = resolveCondition(listing, input.condition, prepared.conditions)
    const conditionDescription = resolveConditionDescription(listing, input.conditionDescription, condition)
    if (prepared.policiesProblem) throw prepared.policiesProblem
    const missing = [...prepared.missing, ...(prepared.locationKey || input.postalCode ? [] : [LOCATION_FIELD])]
    if (missing.length) throw missingFields(missing)
    try {
      // What eBay said, and the seller's Price and category, are kept from here on: the item, offer and listing made
      // next are eBay's and must be found again.
      const askingPrice = input.askingPrice
      await runSaves([
        ...prepared.saves,
        prepared.saveCategory,
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
      const offerId = await upsertOffer(token, item, prepared.offerId, offerDetails(listing, prepared, locationKey))
      // Publishing an offer that is already live revises it and answers with the same listing id: never a second one.
      const published = await sell.send(token, { method: 'POST', path: `${INVENTORY}/offer/${offerId}/publish` })
      const ebayListingId = String((published.body as { listingId?: unknown } | undefined)?.listingId ?? '')
      if (!ebayListingId) throw ebayUnavailable()
      const { fields, kept } = keepTyped(typed, prepared.aspects.values)
      await listings.saveFieldValues(sql, listing.id, fields)
      await ensureRevisionRow(sql, listing.id, listing.quantity)
      await listings.markPostedToEbay(sql, listing.id, {
        platformListingId: `ebay-${ebayListingId}`,
        condition: NEW_CONDITIONS.includes(condition) ? 'new' : 'used',
        ebayCondition: condition,
        conditionDescription,
        aspects: { ...prepared.keptAspects, ...kept },
      })
      return result(ebayListingId, 'Your listing is live on eBay.')
    } catch (error) {
      throw error instanceof EbayRefusal ? await explainRefusal(token, userId, prepared.category.id, error) : error
    }
  }

  return {
    /** What the Post to eBay dialog shows before publishing: category, required details, selling set-up. */
    async requirements(userId: number, listingId: number, categoryId?: string): Promise<EbayRequirements> {
      const listing = await ownListing(userId, listingId)
      return connectionService.call(userId, 'ebay', async (token) => {
        const prepared = await prepare(token, userId, listing, {}, { categoryId })
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
        }
      })
    },

    /**
     * What a revision of a listing already on eBay sends, both full replacements: the inventory item and the offer,
     * built as publishing builds them from the listing as it is now and what publishing kept (category, aspects,
     * condition, policies, location). What eBay would refuse for want of a field is refused here, before eBay.
     */
    async revisionOf(token: string, userId: number, listing: Listing): Promise<EbayRevisionBodies> {
      const prepared = await prepare(token, userId, listing, {})
      if (prepared.policiesProblem) throw prepared.policiesProblem
      if (prepared.missing.length) {
        throw new AppError(
          400,
          'ebay_missing_fields',
          `Missing required fields: ${prepared.missing.join(', ')}. Add them to the listing; eBay shows the earlier version until then.`,
        )
      }
      if (!prepared.offerId || !prepared.locationKey) throw notFound('This listing is not on eBay.')
      await runSaves(prepared.saves)
      const condition = resolveCondition(listing, undefined, prepared.conditions)
      const description = resolveConditionDescription(listing, undefined, condition)
      return {
        sku: await ebaySkuOf(sql, listing.id),
        item: await inventoryItem(token, userId, listing, { value: condition, description }, prepared.aspects.values),
        offerId: prepared.offerId,
        offer: offerDetails(listing, prepared, prepared.locationKey),
      }
    },

    /** eBay's leaf categories for the seller's words (the dialog's category search), with the seller's token. */
    searchCategories: (userId: number, words: string) =>
      connectionService.call(userId, 'ebay', (token) => taxonomy.suggestCategories(token, words)),

    publish: (userId: number, listingId: number, input: EbayPublishInput): Promise<EbayPublishResult> =>
      oneAtATime(listingId, async () => {
        const listing = await ownListing(userId, listingId)
        if (isPostedToEbay(listing))
          return result(listing.platformListingId!.replace(/^ebay-/, ''), 'This listing is already posted to eBay.')
        return connectionService.call(userId, 'ebay', (token) => publishListing(token, userId, listing, input))
      }),
  }
}

export type EbayPublisher = ReturnType<typeof createEbayPublisher>

/** The two bodies of a revision: the inventory item (PUT inventory_item/{sku}) and the offer (PUT offer/{offerId}). */
export interface EbayRevisionBodies {
  sku: string
  item: Record<string, unknown>
  offerId: string
  offer: Record<string, unknown>
}
