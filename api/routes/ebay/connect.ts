// eBay's connect routes: the code exchange of its callback and manual screens, and GET /debug/ebay-environment, what
// the Connect eBay dialog's environment check shows (settings as yes/no only, the details for an admin).
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { EBAY_DESCRIPTION } from '../../contract/ebay/ebay-description.ts'
import type { EbayEnvironmentReport, EbayEnvironmentSummary } from '../../contract/ebay/ebay-environment.ts'
import { requireUser } from '../../middleware/session.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import { valid } from '../../validate.ts'
import { exchangeCode } from '../marketplace-exchange.ts'

export function ebayConnectRoutes(oauth: MarketplaceOAuth, environment: EbayEnvironmentReport) {
  return new Hono<AppEnv>()
    .post(EBAY_DESCRIPTION.exchangePath, valid('json', EBAY_DESCRIPTION.exchangeSchema), async (c) =>
      c.json(await exchangeCode(oauth, c, 'ebay', c.req.valid('json')), 200),
    )
    .get('/debug/ebay-environment', (c) => {
      const report: EbayEnvironmentReport | EbayEnvironmentSummary = requireUser(c).isAdmin
        ? environment
        : { environment: environment.environment, configured: environment.configured }
      return c.json(report, 200)
    })
}
