// Every marketplace's part of a listing's answers (api/contract/marketplace-listing-parts.ts MarketplaceLife), as
// columns of the listing's select (listings.ts): the one db module that gathers the marketplaces' (docs/decisions/0081).
import type { MarketplaceLife } from '../contract/marketplace-listing-parts.ts'
import { EBAY_LIFE_COLUMNS } from './listing-ebay-life.ts'
import { ETSY_LIFE_COLUMNS } from './listing-etsy-place.ts'

export const MARKETPLACE_LIFE_COLUMNS = {
  ...EBAY_LIFE_COLUMNS,
  ...ETSY_LIFE_COLUMNS,
} as const satisfies Record<keyof MarketplaceLife, string>
