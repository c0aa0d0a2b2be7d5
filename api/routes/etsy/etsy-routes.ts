// Etsy's routes, its wing of the API: the Post to Etsy dialog's calls, End and Relist on Etsy, and Etsy's order.paid
// webhook.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { EtsyServices } from '../../services/etsy/etsy-services.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import { etsyLifecycleRoutes } from './lifecycle.ts'
import { etsyPublishRoutes } from './publish.ts'
import { etsyWebhookRoutes } from './webhooks.ts'

export function etsyRoutes({ etsy, limits }: { etsy: EtsyServices; limits: LookupLimiter }) {
  return new Hono<AppEnv>()
    .route('/', etsyPublishRoutes(etsy, limits))
    .route('/', etsyLifecycleRoutes(etsy))
    .route('/', etsyWebhookRoutes(etsy.salesPush))
}
