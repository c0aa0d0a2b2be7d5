// eBay's refusals of a publish that Snaplist can name better (a missing item specific, a condition, the seller's
// policies), and the caches they prove stale.
import { CALCULATED_SHIPPING_NEED } from '../../contract/ebay-publish.ts'
import type { Sql } from '../../db/client.ts'
import * as setups from '../../db/ebay-seller-setup.ts'
import { AppError } from '../../errors.ts'
import type { EbayRefusal } from './sell-api.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

// Offer refusals that mean the cached policies or location no longer hold.
const POLICY_ERRORS = [25007, 25008, 25009, 25035, 25036]
const LOCATION_ERROR = 25012
// "… invalid item condition information": the condition is not one the category allows (the cached list is stale).
const CONDITION_ERROR = 25021
// "… invalid shipping package details": calculated shipping without the parcel (the cached policy read as flat).
const PACKAGE_ERROR = 25020
const MISSING_ASPECT = /item specific (.+?) is missing/gi

export const missingFields = (names: string[]) =>
  new AppError(
    400,
    'ebay_missing_fields',
    `Missing required fields: ${names.join(', ')}. Add them in the Post to eBay dialog, then post again.`,
  )

/** eBay's refusals that Snaplist can name better, and the caches they prove stale. */
export async function explainRefusal(
  { sql, taxonomy }: { sql: Sql; taxonomy: EbayTaxonomy },
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
  if (error.errorIds.includes(PACKAGE_ERROR)) {
    await setups.forgetSellerSetup(sql, userId)
    return missingFields([CALCULATED_SHIPPING_NEED])
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
