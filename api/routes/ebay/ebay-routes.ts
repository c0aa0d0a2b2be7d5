// eBay's routes, its wing of the API: the Post to eBay dialog's calls, the import, end and relist, the product lookup
// by barcode, and what eBay itself calls (account deletion, order push).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { EbayAccountDeletion } from '../../services/ebay/account-deletion.ts'
import type { EbayServices } from '../../services/ebay/ebay-services.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import { productLookupRoutes } from './product-lookup.ts'
import { ebayAccountDeletionRoutes } from './account-deletion.ts'
import { ebayImportRoutes } from './import.ts'
import { ebayLifecycleRoutes } from './lifecycle.ts'
import { ebayOrderPushRoutes } from './order-push.ts'
import { ebayPublishRoutes } from './publish.ts'

export interface EbayRouteDeps {
  ebay: EbayServices
  accountDeletion: EbayAccountDeletion
  limits: LookupLimiter
  clientAddress: (c: Context) => string
}

export function ebayRoutes({ ebay, accountDeletion, limits, clientAddress }: EbayRouteDeps) {
  return new Hono<AppEnv>()
    .route('/', ebayPublishRoutes({ ...ebay, limits }))
    .route('/', ebayImportRoutes(ebay.importer))
    .route('/', productLookupRoutes(ebay.catalog, limits))
    .route('/', ebayLifecycleRoutes(ebay.selling))
    .route('/', ebayAccountDeletionRoutes(accountDeletion, clientAddress))
    .route('/', ebayOrderPushRoutes(ebay.orderPush, clientAddress))
}
