// /api/marketplace-connections and each marketplace's code exchange (its exchangePath in contract/marketplace-descriptions.ts): the
// seller's marketplace connections (docs/product.md §7).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  PlatformParamSchema,
  type EbayEnvironmentReport,
  type EbayEnvironmentSummary,
  type ExchangeReply,
  type Platform,
} from '../contract/marketplaces.ts'
import { MARKETPLACES } from '../contract/marketplace-descriptions.ts'
import { unauthorized } from '../errors.ts'
import { countsAsLookup } from '../middleware/lookup-limit.ts'
import { sameSiteOnly } from '../middleware/same-origin.ts'
import { requireUser } from '../middleware/session.ts'
import type { MarketplaceConnectionService } from '../services/marketplaces/connections.ts'
import type { MarketplaceOAuth, Requester } from '../services/marketplaces/oauth.ts'
import type { LookupLimiter } from '../services/lookup-limits.ts'
import { valid } from '../validate.ts'

/** The signed-in user and their session, to which an authorization is bound. */
function requester(c: Context<AppEnv>): Requester {
  const userId = requireUser(c).id
  const sessionToken = c.get('sessionToken')
  if (!sessionToken) throw unauthorized()
  return { userId, sessionToken }
}

export interface MarketplaceRouteDeps {
  connections: MarketplaceConnectionService
  oauth: MarketplaceOAuth
  /** What GET /debug/ebay-environment reports (settings as yes/no only). */
  ebayEnvironment: EbayEnvironmentReport
  /** Checking a connection asks the marketplace: it counts as the seller's lookup (issue 46 G3). */
  limits: LookupLimiter
}

export function marketplaceRoutes({ connections, oauth, ebayEnvironment, limits }: MarketplaceRouteDeps) {
  /** Both marketplaces' exchanges answer alike: the connection made and the sentence that says so. */
  const exchange = async (
    c: Context<AppEnv>,
    platform: Platform,
    { code, state }: { code: string; state: string },
  ): Promise<ExchangeReply> => {
    const connection = await oauth.finish(requester(c), platform, code, state)
    return { success: true, message: MARKETPLACES[platform].messages.connected, connection }
  }

  return new Hono<AppEnv>()
    .get('/marketplace-connections', async (c) => c.json(await connections.list(requireUser(c).id), 200))
    .get('/marketplace-connections/:platform/auth', sameSiteOnly, valid('param', PlatformParamSchema), async (c) => {
      return c.json(await oauth.start(requester(c), c.req.valid('param').platform), 200)
    })
    .get(
      '/marketplace-connections/:platform/check-authentication',
      valid('param', PlatformParamSchema),
      countsAsLookup(limits),
      async (c) => {
        const connected = await connections.checkAuthentication(requireUser(c).id, c.req.valid('param').platform)
        return c.json({ connected }, 200)
      },
    )
    .get('/marketplace-connections/:platform/status', valid('param', PlatformParamSchema), async (c) =>
      c.json(await connections.status(requireUser(c), c.req.valid('param').platform), 200),
    )
    .delete('/marketplace-connections/:platform', valid('param', PlatformParamSchema), async (c) => {
      const { platform } = c.req.valid('param')
      await connections.disconnect(requireUser(c).id, platform)
      return c.json({ message: `Your ${MARKETPLACES[platform].name} account has been disconnected.` }, 200)
    })
    .post(MARKETPLACES.etsy.exchangePath, valid('json', MARKETPLACES.etsy.exchangeSchema), async (c) =>
      c.json(await exchange(c, 'etsy', c.req.valid('json')), 200),
    )
    .post(MARKETPLACES.ebay.exchangePath, valid('json', MARKETPLACES.ebay.exchangeSchema), async (c) =>
      c.json(await exchange(c, 'ebay', c.req.valid('json')), 200),
    )
    .get('/debug/ebay-environment', (c) => {
      const { environment, configured } = ebayEnvironment
      const report: EbayEnvironmentReport | EbayEnvironmentSummary = requireUser(c).isAdmin
        ? ebayEnvironment
        : { environment, configured }
      return c.json(report, 200)
    })
}
