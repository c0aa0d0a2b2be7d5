// Every marketplace's wing of the API (issue 48, decision 0060): the one place the app's routes name a marketplace.
// Selling somewhere new is one more wing here; the chain keeps each wing's routes typed for the app's client.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { AppServices } from '../services/app-services.ts'
import { ebayRoutes } from './ebay/ebay-routes.ts'
import { etsyRoutes } from './etsy/etsy-routes.ts'
import { shopifyRoutes } from './shopify/shopify-routes.ts'

export function marketplaceWingRoutes(s: AppServices, clientAddress: (c: Context) => string) {
  return new Hono<AppEnv>()
    .route('/', ebayRoutes({ ebay: s.wings.ebay, oauth: s.marketplaceOAuth, limits: s.lookupLimits, clientAddress }))
    .route('/', etsyRoutes({ etsy: s.wings.etsy, oauth: s.marketplaceOAuth, limits: s.lookupLimits }))
    .route('/', shopifyRoutes({ shopify: s.wings.shopify, oauth: s.marketplaceOAuth }))
}
