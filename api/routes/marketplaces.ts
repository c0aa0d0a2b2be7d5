// /api/marketplace-connections: the seller's marketplace connections (docs/product.md §7), whatever the marketplace.
// Each one's code exchange is in its wing's routes (routes/<marketplace>/connect.ts).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AuthStartQuerySchema, PlatformParamSchema } from '../contract/marketplaces.ts'
import { MARKETPLACES } from '../contract/marketplace-descriptions.ts'
import { countsAsLookup } from '../middleware/lookup-limit.ts'
import { sameSiteOnly } from '../middleware/same-origin.ts'
import { requireUser } from '../middleware/session.ts'
import type { MarketplaceConnectionService } from '../services/marketplaces/connections.ts'
import type { MarketplaceOAuth } from '../services/marketplaces/oauth.ts'
import type { LookupLimiter } from '../services/lookup-limits.ts'
import { valid } from '../validate.ts'
import { requester } from './marketplace-exchange.ts'

export interface MarketplaceRouteDeps {
  connections: MarketplaceConnectionService
  oauth: MarketplaceOAuth
  /** Checking a connection asks the marketplace: it counts as the seller's lookup (issue 46 G3). */
  limits: LookupLimiter
}

export function marketplaceRoutes({ connections, oauth, limits }: MarketplaceRouteDeps) {
  return new Hono<AppEnv>()
    .get('/marketplace-connections', async (c) => c.json(await connections.list(requireUser(c).id), 200))
    .get(
      '/marketplace-connections/:platform/auth',
      sameSiteOnly,
      valid('param', PlatformParamSchema),
      valid('query', AuthStartQuerySchema),
      async (c) => c.json(await oauth.start(requester(c), c.req.valid('param').platform, c.req.valid('query')), 200),
    )
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
}
