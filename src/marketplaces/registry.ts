// The marketplaces the app sells on, one wing each (src/marketplaces/<marketplace>/): the one module that imports a
// wing, and what every generic screen reads to show each marketplace alike (docs/decisions/0068). A marketplace in the
// contract's list without its wing here does not compile.
import { CATALOG_MARKETPLACE, PLATFORMS, type Platform } from '../../api/contract/marketplace-paths.ts'
import type { ClientMarketplace } from './client-marketplace.ts'
import { ebay } from './ebay/wing.tsx'
import { etsy } from './etsy/wing.ts'
import { shopify } from './shopify/wing.ts'

const REGISTRY = { ebay, etsy, shopify } satisfies Record<Platform, ClientMarketplace>

/** Every marketplace's wing, in the marketplaces' order (PLATFORMS). */
export const MARKETPLACE_WINGS: readonly ClientMarketplace[] = PLATFORMS.map((id) => REGISTRY[id])

export const wingOf = (platform: Platform): ClientMarketplace => REGISTRY[platform]

/** The wing of the marketplace the app uses as its catalog (categories, item specifics, products by barcode). */
export const CATALOG_WING: ClientMarketplace = REGISTRY[CATALOG_MARKETPLACE]
