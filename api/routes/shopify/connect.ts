// Shopify's connect route: the code exchange of its callback and manual screens. The callback's hmac (which signs
// every parameter Shopify sent), its shop and its age are verified before anything else; the state must be one this
// session started for that same store. The store's webhooks are subscribed once it is connected.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { SHOPIFY_DESCRIPTION } from '../../contract/shopify/shopify-description.ts'
import { requireUser } from '../../middleware/session.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import type { ShopifyServices } from '../../services/shopify/shopify-wing.ts'
import { valid } from '../../validate.ts'
import { exchangeCode } from '../marketplace-exchange.ts'

export const shopifyConnectRoutes = (oauth: MarketplaceOAuth, shopify: ShopifyServices) =>
  new Hono<AppEnv>().post(
    SHOPIFY_DESCRIPTION.exchangePath,
    valid('json', SHOPIFY_DESCRIPTION.exchangeSchema),
    async (c) => {
      const userId = requireUser(c).id
      const callback = shopify.verifyCallback(c.req.valid('json'))
      const reply = await exchangeCode(oauth, c, 'shopify', callback, callback.shop)
      // Best effort: without its webhooks the orders poll still finds every sale, minutes later.
      await shopify.webhooks
        ?.subscribe(userId)
        .catch((error: unknown) => console.error('[shopify] the store’s webhooks were not subscribed:', error))
      return c.json(reply, 200)
    },
  )
