// /api/marketplace-connections and /api/etsy/exchange-token: the seller's marketplace connections (docs/product.md §7).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { EbayExchangeSchema, EtsyExchangeSchema, PLATFORM_NAMES, PlatformParamSchema, type EbayEnvironmentReport } from '../contract/marketplaces.ts'
import { unauthorized } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import type { MarketplaceConnectionService } from '../services/marketplace-connections.ts'
import type { MarketplaceOAuth, Requester } from '../services/marketplace-oauth.ts'
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
}

export function marketplaceRoutes({ connections, oauth, ebayEnvironment }: MarketplaceRouteDeps) {
  return new Hono<AppEnv>()
    .get('/marketplace-connections', async (c) => c.json(await connections.list(requireUser(c).id), 200))
    .get('/marketplace-connections/:platform/auth', valid('param', PlatformParamSchema), async (c) =>
      c.json(await oauth.start(requester(c), c.req.valid('param').platform), 200),
    )
    .get('/marketplace-connections/:platform/check-authentication', valid('param', PlatformParamSchema), async (c) => {
      const connected = await connections.checkAuthentication(requireUser(c).id, c.req.valid('param').platform)
      return c.json({ connected }, 200)
    })
    .get('/marketplace-connections/:platform/status', valid('param', PlatformParamSchema), async (c) =>
      c.json(await connections.status(requireUser(c), c.req.valid('param').platform), 200),
    )
    .delete('/marketplace-connections/:platform', valid('param', PlatformParamSchema), async (c) => {
      const { platform } = c.req.valid('param')
      await connections.disconnect(requireUser(c).id, platform)
      return c.json({ message: `Your ${PLATFORM_NAMES[platform]} account has been disconnected.` }, 200)
    })
    .post('/etsy/exchange-token', valid('json', EtsyExchangeSchema), async (c) => {
      const { code, state } = c.req.valid('json')
      const connection = await oauth.finish(requester(c), 'etsy', code, state)
      return c.json({ message: 'Your Etsy account has been connected.', connection }, 200)
    })
    .post('/marketplace-connections/ebay/exchange-token', valid('json', EbayExchangeSchema), async (c) => {
      const { code, state } = c.req.valid('json')
      const connection = await oauth.finish(requester(c), 'ebay', code, state)
      return c.json({ success: true, message: 'Your eBay account has been connected successfully.', connection }, 200)
    })
    .get('/debug/ebay-environment', (c) => {
      requireUser(c)
      return c.json(ebayEnvironment, 200)
    })
}
