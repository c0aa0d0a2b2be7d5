// Each marketplace described once for the contract, from its wing (docs/decisions/0069): its connect flow (decision
// 0013: callback addresses, exchange route and input, the screens' words and timings, the manual entry), its fee
// estimate and its answers in a bulk post. The generic modules read these records, never a wing; a marketplace in
// PLATFORMS without its part here does not compile.
import type * as v from 'valibot'
import { EbayBulkAnswersSchema } from './ebay-publish.ts'
import { EBAY_DESCRIPTION } from './ebay/ebay-description.ts'
import { EBAY_FEE_ESTIMATE } from './ebay/ebay-fees.ts'
import { EtsyBulkAnswersSchema } from './etsy-publish.ts'
import { ETSY_DESCRIPTION } from './etsy/etsy-description.ts'
import { ETSY_FEE_ESTIMATE } from './etsy/etsy-fees.ts'
import { ShopifyBulkAnswersSchema } from './shopify/shopify-publish.ts'
import { SHOPIFY_DESCRIPTION } from './shopify/shopify-description.ts'
import { SHOPIFY_FEE_ESTIMATE } from './shopify/shopify-fees.ts'
import type { FeeEstimate } from './fee-estimate.ts'
import type { MarketplaceDescription } from './marketplace-description.ts'
import type { Platform } from './marketplace-paths.ts'

export type { MarketplaceDescription } from './marketplace-description.ts'

export const MARKETPLACES = {
  ebay: EBAY_DESCRIPTION,
  etsy: ETSY_DESCRIPTION,
  shopify: SHOPIFY_DESCRIPTION,
} as const satisfies Record<Platform, MarketplaceDescription>

/** Each marketplace's fee estimate, until its own figures for a sale are read (sale-earnings.ts). */
export const FEE_ESTIMATES = {
  ebay: EBAY_FEE_ESTIMATE,
  etsy: ETSY_FEE_ESTIMATE,
  shopify: SHOPIFY_FEE_ESTIMATE,
} satisfies Record<Platform, FeeEstimate>

/** What each marketplace asks the seller beside the listing in a bulk post, once for all (bulk-post.ts). */
export const BULK_POST_ANSWERS = {
  ebay: EbayBulkAnswersSchema,
  etsy: EtsyBulkAnswersSchema,
  shopify: ShopifyBulkAnswersSchema,
} satisfies Record<Platform, v.GenericSchema>
