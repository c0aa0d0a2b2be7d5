// What publishing, the Post to eBay dialog's check and a revision learn before writing anything to eBay: the seller's
// policies and location, the category, its conditions and aspects, and what is missing. What eBay said is kept only by
// the saves it returns, run once the request succeeds.
import * as v from 'valibot'
import {
  CALCULATED_SHIPPING_NEED,
  NEW_CONDITIONS,
  OWN_PHOTO_NEED,
  type EbayCondition,
  type EbayConditionOption,
} from '../../contract/ebay-publish.ts'
import { listedPrice, type Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as setups from '../../db/ebay-seller-setup.ts'
import * as images from '../../db/images.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'
import * as connections from '../../db/marketplace-connections.ts'
import { AppError } from '../../errors.ts'
import { resolveAspects, type ResolvedAspects } from './aspect-values.ts'
import { findBusinessPolicies, type BusinessPolicies, type SellerPolicies } from './policies.ts'
import { INVENTORY, readReply, type EbaySellClient } from './sell-api.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

// getInventoryLocations' reply, as far as it is read.
const LocationsSchema = v.object({
  locations: v.optional(
    v.array(v.object({ merchantLocationKey: v.optional(v.string()), merchantLocationStatus: v.optional(v.string()) })),
    [],
  ),
})

interface SellerReadiness {
  policies: BusinessPolicies | null
  policiesProblem: AppError | null
  locationKey: string | null
  /** The shipping policy is priced by calculated shipping: eBay needs the parcel's weight and size. */
  calculatedShipping: boolean
  /** The seller's shipping policies to choose from (the first is the one used unless another is chosen). */
  shippingPolicies: setups.ShippingPolicy[]
}

/** A write that remembers what eBay said; run only once the request succeeds, so a refused one changes nothing. */
export type Save = (() => Promise<void>) | undefined

export interface Preparation extends SellerReadiness {
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
  /** Keeps a shipping policy the seller chose for the listing (only when posting, as for the category). */
  saveShipping: Save
  /** Every photo of the listing is eBay's stock photo (then only a new condition may go without one of its own). */
  onlyStockPhotos: boolean
}

/** What the seller chose in the dialog (or earlier), over what the listing says. */
export interface Choices {
  categoryId?: string | undefined
  askingPrice?: number | null | undefined
  shippingPolicyId?: string | undefined
}

/** A used item whose photos are all eBay's stock photos lacks one of its own: buyers of used goods see the item. */
export const ownPhotoNeeded = (prepared: Preparation, condition: EbayCondition) =>
  prepared.onlyStockPhotos && !NEW_CONDITIONS.includes(condition) ? [OWN_PHOTO_NEED] : []

export const runSaves = async (saves: Save[]) => {
  for (const save of saves) await save?.()
}

// A setup cached before the shipping policies were kept (none listed) is read from eBay again.
const policiesOf = ({
  fulfillmentPolicyId,
  paymentPolicyId,
  returnPolicyId,
  calculatedShipping,
  shippingPolicies,
}: setups.SellerSetup): SellerPolicies | null =>
  fulfillmentPolicyId && paymentPolicyId && returnPolicyId && shippingPolicies.length > 0
    ? { policies: { fulfillmentPolicyId, paymentPolicyId, returnPolicyId }, calculatedShipping, shippingPolicies }
    : null

const unknownShipping = () =>
  new AppError(
    400,
    'ebay_shipping_policy_unknown',
    'That shipping policy is not one of your eBay shipping policies any more. Choose one from the list.',
    { fields: { shippingPolicyId: 'Choose one of your eBay shipping policies' } },
  )

/**
 * The shipping policy the listing goes with: the one chosen now (refused unless it is the seller's), else the one
 * kept for the listing while the seller still has it, else the seller's first; and whether it is calculated.
 */
function withShipping(readiness: SellerReadiness, chosenNow: string | undefined, kept: string | null): SellerReadiness {
  if (!readiness.policies) return readiness
  const { shippingPolicies } = readiness
  const chosen = chosenNow ? shippingPolicies.find((policy) => policy.id === chosenNow) : undefined
  if (chosenNow && !chosen) throw unknownShipping()
  const policy = chosen ?? shippingPolicies.find((candidate) => candidate.id === kept) ?? shippingPolicies[0]
  if (!policy) return readiness
  return {
    ...readiness,
    policies: { ...readiness.policies, fulfillmentPolicyId: policy.id },
    calculatedShipping: policy.calculated,
  }
}

/** The parcel is all given: eBay's calculated shipping prices it by weight and size. */
const parcelGiven = (listing: Listing) =>
  listing.packageWeightOz > 0 && listing.packageLength > 0 && listing.packageWidth > 0 && listing.packageHeight > 0

export interface PublishPreparationDeps {
  sql: Sql
  sell: EbaySellClient
  taxonomy: EbayTaxonomy
}

export function createPublishPreparation({ sql, sell, taxonomy }: PublishPreparationDeps) {
  async function findLocation(token: string): Promise<string | null> {
    const reply = await sell.send(token, { method: 'GET', path: `${INVENTORY}/location?limit=20` })
    const { locations } = readReply(LocationsSchema, reply)
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
    if (policies instanceof AppError)
      return { policies: null, policiesProblem: policies, locationKey, calculatedShipping: false, shippingPolicies: [] }
    const changed = policies !== cachedPolicies || locationKey !== cached?.merchantLocationKey
    const save = changed
      ? () =>
          setups.saveSellerSetup(sql, userId, {
            accountId,
            ...policies.policies,
            calculatedShipping: policies.calculatedShipping,
            shippingPolicies: policies.shippingPolicies,
            merchantLocationKey: locationKey,
          })
      : undefined
    return { ...policies, policiesProblem: null, locationKey, save }
  }

  async function categoryOf(
    token: string,
    listing: Listing,
    state: ebayState.EbayListingState,
    chosen: string | undefined,
  ): Promise<{ category: { id: string; name: string }; save?: Save }> {
    if (chosen && chosen !== state.ebayCategoryId) {
      const category = await taxonomy.leafCategory(token, chosen)
      return { category, save: () => ebayState.saveEbayCategory(sql, listing.id, category, true) }
    }
    if (state.ebayCategoryId && state.ebayCategoryName)
      return { category: { id: state.ebayCategoryId, name: state.ebayCategoryName } }
    const category = await taxonomy.suggestCategory(token, listing.title)
    return { category, save: () => ebayState.saveEbayCategory(sql, listing.id, category) }
  }

  async function prepare(
    token: string,
    userId: number,
    listing: Listing,
    typed: Record<string, string>,
    choices: Choices = {},
  ): Promise<Preparation> {
    const state = await ebayState.findEbayState(sql, listing.id)
    const [seller, { category, save: saveCategory }] = await Promise.all([
      sellerReadiness(token, userId),
      categoryOf(token, listing, state, choices.categoryId),
    ])
    const readiness = {
      ...withShipping(seller, choices.shippingPolicyId, state.ebayShippingPolicyId),
      save: seller.save,
    }
    const shippingChosen = choices.shippingPolicyId
    const saveShipping: Save =
      shippingChosen && shippingChosen !== state.ebayShippingPolicyId
        ? () => ebayState.saveEbayShippingPolicy(sql, listing.id, shippingChosen)
        : undefined
    const [catalog, conditions, onlyStockPhotos] = await Promise.all([
      taxonomy.aspectsFor(token, category.id),
      taxonomy.conditionsFor(token, category.id),
      images.onlyStockPhotos(sql, userId, listing.images),
    ])
    const aspects = resolveAspects(listing, typed, state.ebayAspects, catalog.aspects)
    const missing = [
      ...(listing.images.length === 0 ? ['Photos'] : []),
      ...(listedPrice({ ...listing, askingPrice: choices.askingPrice ?? listing.askingPrice }).value <= 0
        ? ['Price']
        : []),
      ...aspects.required.filter((aspect) => aspect.value === null).map((aspect) => aspect.name),
      ...(readiness.calculatedShipping && !parcelGiven(listing) ? [CALCULATED_SHIPPING_NEED] : []),
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
      saveShipping,
      onlyStockPhotos,
    }
  }

  return prepare
}
