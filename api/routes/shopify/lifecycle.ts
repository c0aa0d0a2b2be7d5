// /api/listings/{id}/post-to-shopify, /end-on-shopify and /relist-on-shopify: the Post, End and Relist actions for
// Shopify, as eBay's and Etsy's (decision 0063). The seller's own listing only; without Shopify configured on the
// server each answers marketplace_not_configured once the listing is found to be theirs.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { requireUser } from '../../middleware/session.ts'
import type { ShopifyServices } from '../../services/shopify/shopify-wing.ts'
import { IdParamSchema, valid } from '../../validate.ts'

export function shopifyLifecycleRoutes(shopify: Pick<ShopifyServices, 'publish' | 'end' | 'relist'>) {
  return new Hono<AppEnv>()
    .post('/listings/:id/post-to-shopify', valid('param', IdParamSchema), async (c) =>
      c.json(await shopify.publish(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post('/listings/:id/end-on-shopify', valid('param', IdParamSchema), async (c) =>
      c.json(await shopify.end(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post('/listings/:id/relist-on-shopify', valid('param', IdParamSchema), async (c) =>
      c.json(await shopify.relist(requireUser(c).id, c.req.valid('param').id), 200),
    )
}
