// Every marketplace's module, read through this one record (issue 48, docs/decisions/0069): what is known of it before
// the app is built, its settings (marketplace-settings.ts) and its connect part (OAuth and tokens). Its services, jobs and selling are its wing in
// app-services.ts, its routes routes/marketplace-wings.ts: with those, the server's only modules that name one.
import { PLATFORMS, type Platform } from '../contract/marketplace-paths.ts'
import type { Listing } from '../contract/listing.ts'
import type { Sql, Tx } from '../db/client.ts'
import { ebayConnect } from './ebay/ebay-connect.ts'
import { keepEbayInLine } from './ebay/ebay-kept.ts'
import type { EbayAppDeps } from './ebay/ebay-wing.ts'
import { purgeEbayLookups } from './ebay/lookups.ts'
import { etsyConnect } from './etsy/etsy-connect.ts'
import type { EtsyAppDeps } from './etsy/etsy-wing.ts'
import { forgetShopifyDeliveries } from './shopify/sales.ts'
import { shopifyConnect } from './shopify/shopify-connect.ts'
import type { ShopifyAppDeps } from './shopify/shopify-wing.ts'
import { MARKETPLACE_SETTINGS, type MarketplaceEnv, type MarketplacesConfig } from './marketplace-settings.ts'
import type { MarketplaceConnect, MarketplaceProviders } from './marketplaces/connections.ts'

/** Every marketplace's part of what the app is built from (AppDeps): ebayConfig, etsyConfig, …. */
export type MarketplacesAppDeps = EbayAppDeps & EtsyAppDeps & ShopifyAppDeps

/** What each marketplace's wing declares before the app is built. */
export interface MarketplaceModule {
  env: MarketplaceEnv<object>
  connect: MarketplaceConnect
  /** What it keeps on a listing beside the seller's fields, brought in line with an edit of them (in its transaction). */
  keepInLine?: (tx: Tx, id: number, before: Listing, after: Listing) => Promise<Listing>
  /** What its wing keeps for a while (eBay's answers to lookups, Shopify's pushes taken), removed past its time by the hourly housekeeping. */
  purgeExpired?: (sql: Sql) => Promise<number>
}

export const MARKETPLACE_MODULES = {
  ebay: {
    env: MARKETPLACE_SETTINGS.ebay,
    connect: ebayConnect,
    keepInLine: keepEbayInLine,
    purgeExpired: purgeEbayLookups,
  },
  etsy: { env: MARKETPLACE_SETTINGS.etsy, connect: etsyConnect },
  shopify: { env: MARKETPLACE_SETTINGS.shopify, connect: shopifyConnect, purgeExpired: forgetShopifyDeliveries },
} satisfies Record<Platform, MarketplaceModule>

/** What the app is built from of each marketplace's settings (AppDeps' part, MarketplacesAppDeps). */
export const marketplacesAppDeps = ({ ebay, etsy, ebayImport, shopify }: MarketplacesConfig): MarketplacesAppDeps => ({
  ebayConfig: ebay,
  etsyConfig: etsy,
  ebayImport,
  shopifyConfig: shopify,
})

/** The marketplaces this server can connect: each one whose settings are complete. */
export function marketplaceProviders(config: MarketplacesConfig): MarketplaceProviders {
  const providers: MarketplaceProviders = {}
  for (const platform of PLATFORMS) {
    const provider = MARKETPLACE_MODULES[platform].connect.provider(config)
    if (provider) providers[platform] = provider
  }
  return providers
}

/** Each marketplace's connect part, for the connection service. */
export const MARKETPLACE_CONNECTS = Object.fromEntries(
  PLATFORMS.map((platform) => [platform, MARKETPLACE_MODULES[platform].connect]),
) as Record<Platform, MarketplaceConnect>

/** The listing after an edit, with what each marketplace keeps on it brought in line (docs/decisions/0022, 0081). */
export async function keepInLineWithEdit(tx: Tx, id: number, before: Listing, after: Listing): Promise<Listing> {
  let listing = after
  for (const platform of PLATFORMS) {
    const keep = (MARKETPLACE_MODULES[platform] as MarketplaceModule).keepInLine
    if (keep) listing = await keep(tx, id, before, listing)
  }
  return listing
}
