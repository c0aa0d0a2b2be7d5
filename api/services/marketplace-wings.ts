// Every marketplace's wing of the server, built into one record (docs/decisions/0066, 0069): its services, selling and
// jobs, each from the app's shared services and its own settings. What acts on every marketplace (app-services.ts, the
// job registry, the routes) reads this record, not a name; a marketplace in PLATFORMS without a wing does not compile.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql } from '../db/client.ts'
import { createEbayCatalogAnalysis } from './ebay/catalog-analysis.ts'
import { buildEbayWing, ebayAppAccess, type EbayAppAccess, type EbayWing } from './ebay/ebay-wing.ts'
import type { EtsyServices } from './etsy/etsy-services.ts'
import { buildEtsyWing } from './etsy/etsy-wing.ts'
import { buildShopifyWing, type ShopifyServices } from './shopify/shopify-wing.ts'
import type { ImageAnalyzer } from './listings/analyzer/image-analyzer.ts'
import type { CatalogAnalysis } from './listings/catalog-analysis.ts'
import type { MarketplacesAppDeps } from './marketplace-modules.ts'
import type { MarketplaceWing } from './selling/marketplace.ts'
import type { WingDeps } from './selling/wing-deps.ts'

/**
 * The app's catalog, asked as the app rather than as a seller: eBay's categories and aspects for the analysis (eBay as
 * a catalog, not as a place to sell), shared with eBay's wing.
 */
export const catalogAccess = (sql: Sql, deps: MarketplacesAppDeps): CatalogAccess => ebayAppAccess(sql, deps)
export type CatalogAccess = EbayAppAccess

/** The catalog's part of a draft's analysis (eBay's categories, item specifics and market); none without its keys. */
export const catalogAnalysis = (access: CatalogAccess, analyzer: ImageAnalyzer): CatalogAnalysis | undefined =>
  access.lookups && createEbayCatalogAnalysis({ lookups: access.lookups, analyzer })

/** Each marketplace's wing, by name: what its routes are given (routes/marketplace-wings.ts). */
export interface MarketplaceWings {
  ebay: EbayWing
  etsy: EtsyServices
  shopify: ShopifyServices
}

export function buildWings(shared: WingDeps, deps: MarketplacesAppDeps, catalog: CatalogAccess): MarketplaceWings {
  return {
    ebay: buildEbayWing(shared, deps, catalog),
    etsy: buildEtsyWing(shared, deps),
    shopify: buildShopifyWing(shared, deps),
  } satisfies Record<Platform, MarketplaceWing>
}

/** Where buyers see a listing, as SPEC's listing JSON gives it (its platformListingId's marketplace: eBay's item page). */
export const specItemUrl = (wings: MarketplaceWings) => wings.ebay.itemUrl
