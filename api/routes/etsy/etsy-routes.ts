// Etsy's routes, its wing of the API: the code exchange of connecting, the Post to Etsy dialog's calls, End and Relist on Etsy, and Etsy's order.paid
// webhook.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { EtsyServices } from '../../services/etsy/etsy-services.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import { etsyConnectRoutes } from './connect.ts'
import { etsyLifecycleRoutes } from './lifecycle.ts'
import { etsyPublishRoutes } from './publish.ts'
import { etsyWebhookRoutes } from './webhooks.ts'

export interface EtsyRouteDeps {
  etsy: EtsyServices
  oauth: MarketplaceOAuth
  limits: LookupLimiter
}

export function etsyRoutes({ etsy, oauth, limits }: EtsyRouteDeps) {
  return new Hono<AppEnv>()
    .route('/', etsyConnectRoutes(oauth))
    .route('/', etsyPublishRoutes(etsy, limits))
    .route('/', etsyLifecycleRoutes(etsy))
    .route('/', etsyWebhookRoutes(etsy.salesPush))
}
