// /api/listings/{id}/end-on-etsy and /relist-on-etsy: the row's End on Etsy and Relist on Etsy, as eBay's (decision
// 0063). The seller's own listing only; without Etsy configured on the server each answers marketplace_not_configured
// once the listing is found to be theirs.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EtsyServices } from '../../services/etsy/etsy-services.ts'
import { IdParamSchema, valid } from '../../validate.ts'

export function etsyLifecycleRoutes(etsy: Pick<EtsyServices, 'end' | 'relist'>) {
  return new Hono<AppEnv>()
    .post('/listings/:id/end-on-etsy', valid('param', IdParamSchema), async (c) =>
      c.json(await etsy.end(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post('/listings/:id/relist-on-etsy', valid('param', IdParamSchema), async (c) =>
      c.json(await etsy.relist(requireUser(c).id, c.req.valid('param').id), 200),
    )
}
