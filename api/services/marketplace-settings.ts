// Every marketplace's settings, read through this one record (issue 48, docs/decisions/0069): each wing reads its own
// variables and says them in a line of the start's summary. Apart from marketplace-modules.ts (which adds each one's
// connect part) so that reading the configuration (api/env.ts) loads no marketplace's services.
import { PLATFORMS, type Platform } from '../contract/marketplace-paths.ts'
import { ebayEnv, type EbayEnv } from './ebay/ebay-env.ts'
import { etsyEnv, type EtsyEnv } from './etsy/etsy-env.ts'
import { shopifyEnv, type ShopifyEnv } from './shopify/shopify-env.ts'

/** Every marketplace's part of the Config (api/env.ts), side by side: config.ebay, config.etsy, …. */
export type MarketplacesConfig = EbayEnv & EtsyEnv & ShopifyEnv

/** A marketplace's settings: read from the environment, and said in a line of the start's summary. */
export interface MarketplaceEnv<Part> {
  read(env: NodeJS.ProcessEnv): Part
  describe(config: Part): string
}

export const MARKETPLACE_SETTINGS = {
  ebay: ebayEnv,
  etsy: etsyEnv,
  shopify: shopifyEnv,
} satisfies Record<Platform, MarketplaceEnv<object>>

/** Every marketplace's settings, each read by its wing. */
export const readMarketplacesEnv = (env: NodeJS.ProcessEnv) =>
  Object.assign({}, ...PLATFORMS.map((platform) => MARKETPLACE_SETTINGS[platform].read(env))) as MarketplacesConfig

/** Each marketplace's line of the start's summary. */
export const describeMarketplacesEnv = (config: MarketplacesConfig) =>
  PLATFORMS.map((platform) => MARKETPLACE_SETTINGS[platform].describe(config))
