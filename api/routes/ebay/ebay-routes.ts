// eBay's routes, its wing of the API: connecting (the code exchange, the environment check), the Post to eBay dialog's calls, end and relist, the product lookup
// by barcode, and what eBay itself calls (account deletion, order push).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { EbayWing } from '../../services/ebay/ebay-wing.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import { ebayConnectRoutes } from './connect.ts'
import { productLookupRoutes } from './product-lookup.ts'
import { ebayAccountDeletionRoutes } from './account-deletion.ts'
import { ebayLifecycleRoutes } from './lifecycle.ts'
import { ebayOrderPushRoutes } from './order-push.ts'
import { ebayPublishRoutes } from './publish.ts'

export interface EbayRouteDeps {
  ebay: EbayWing
  oauth: MarketplaceOAuth
  limits: LookupLimiter
  clientAddress: (c: Context) => string
}

export function ebayRoutes({ ebay, oauth, limits, clientAddress }: EbayRouteDeps) {
  return new Hono<AppEnv>()
    .route('/', ebayConnectRoutes(oauth, ebay.environment))
    .route('/', ebayPublishRoutes({ ...ebay, limits }))
    .route('/', productLookupRoutes(ebay.catalog, limits))
    .route('/', ebayLifecycleRoutes(ebay.selling))
    .route('/', ebayAccountDeletionRoutes(ebay.accountDeletion, clientAddress))
    .route('/', ebayOrderPushRoutes(ebay.orderPush, clientAddress))
}
