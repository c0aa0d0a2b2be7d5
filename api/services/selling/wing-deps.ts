// What every marketplace's wing is built from, apart from marketplace.ts (which sales.ts, the recorder's module,
// imports) so that naming the recorder here closes no loop of imports.
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { Sql } from '../../db/client.ts'
import type { JobQueue } from '../jobs.ts'
import type { PhotoService } from '../listings/photos.ts'
import type { FileStorage } from '../listings/storage.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { MarketplaceConnectionService, MarketplaceProviders } from '../marketplaces/connections.ts'
import type { SaleRecorder } from './sales.ts'

/**
 * What every marketplace's wing is built from (services/<marketplace>/<marketplace>-wing.ts): the app's services it
 * works with, the same for each; its own settings it reads itself.
 */
export interface WingDeps {
  sql: Sql
  storage: FileStorage
  /** PUBLIC_URL: photos at a public https address go to the marketplace as URLs, not uploads. */
  publicUrl: string | undefined
  jobs: JobQueue
  /** The marketplaces the server can connect: a wing sells only where its sellers can connect. */
  providers: MarketplaceProviders
  connectionService: MarketplaceConnectionService
  /** Records each sale once and makes the other marketplaces follow (services/selling/sales.ts). */
  recorder: SaleRecorder
  /** Copies a listing's pictures on a marketplace in as the seller's photos (an import). */
  photos: Pick<PhotoService, 'copyIn'>
  /** What sellers may ask the marketplaces for on the app's allowance (issue 46 G3). */
  limits: LookupLimiter
  /** Minutes between each marketplace's sales polls (dividing 60); SALES_POLL_MINUTES where not given. */
  salesPollMinutes: Partial<Record<Platform, number>>
}
