// Each marketplace's connect flow described once (decision 0013): callback addresses, exchange route and input, the
// screens' words and timings, the manual entry. The API's routes and provider modules, the router and the callback and
// manual screens all read it.
import { EBAY_DESCRIPTION } from './ebay/ebay-description.ts'
import { ETSY_DESCRIPTION } from './etsy/etsy-description.ts'
import type { MarketplaceDescription } from './marketplace-description.ts'
import type { Platform } from './marketplace-paths.ts'

export type { MarketplaceDescription } from './marketplace-description.ts'

export const MARKETPLACES = {
  ebay: EBAY_DESCRIPTION,
  etsy: ETSY_DESCRIPTION,
} as const satisfies Record<Platform, MarketplaceDescription>
